import MailboxAnimation
import MailboxGIF
import MailboxScene
import MailboxScript
import MailboxSim

/// A script played in virtual time, as data: the screen at every frame instant, the line each frame plays,
/// the script's lines, its timeline, and how the run ended. GIF and the HTML player are renderings of it.
public struct Walkthrough: Sendable {
    /// The script's name, as diagnostics name it.
    public var file: String
    public var clock: FrameClock
    /// Frame k shows the screen at `clock.instant(k)`.
    public var frames: [WalkthroughFrame]
    /// Every line the run read, in order.
    public var lines: [ScriptLine]
    /// The timeline entries the run added, at walkthrough time (a `reset` does not take time back).
    public var timeline: [WalkthroughEvent]
    /// The screen at each failed check and at the error that stopped the run.
    public var problems: [WalkthroughProblem]
    /// How the run ended (its exit status is `report.exitCode`).
    public var report: RunReport
    /// Why the frames could not all be written, when they were written as they were played.
    public var sinkError: RasterError?

    /// Takes the run's report: its exit status, and the diagnostic of each problem.
    public mutating func attach(_ report: RunReport) {
        self.report = report
        for i in problems.indices {
            let line = problems[i].line
            problems[i].diagnostic =
                report.failures.first { $0.line == line } ?? (report.error?.line == line ? report.error : nil)
        }
        // An error past the last line read (a finger left down at the end) has a problem of its own.
        if let error = report.error, !problems.contains(where: { $0.line == error.line }), let last = frames.last {
            problems.append(
                WalkthroughProblem(
                    line: error.line, time: last.time, frame: frames.count - 1,
                    screen: last.screen, diagnostic: error))
        }
    }

    /// The playback speeds a walkthrough may be shown at (`mailsim record --speed`, the page's Record).
    public static let speeds = 0.01...100.0

    /// The playback length at `speed`: each frame is shown 1 / (fps · speed) seconds.
    public func duration(speed: Double) -> Double { Double(frames.count) / (Double(clock.framesPerSecond) * speed) }

    /// The scene of frame `k`: the screen and the caption strip under it.
    public func scene(_ k: Int) -> Scene {
        let frame = frames[k]
        return Scene(screen: frame.screen, caption: caption(frame))
    }

    /// What frame `frame` says under the screen.
    public func caption(_ frame: WalkthroughFrame) -> Caption {
        let text = frame.line.flatMap { number in lines.first { $0.number == number }?.text } ?? "(start)"
        return Caption(line: frame.line, text: text.trimmingBlanksForCaption, time: frame.time)
    }

    /// The walkthrough up to the instant of `problem`, ending on the line that found it.
    public func prefix(through problem: WalkthroughProblem) -> Walkthrough {
        var cut = self
        cut.frames = Array(frames.prefix(problem.frame + 1))
        cut.lines = lines.filter { $0.number <= problem.line }
        cut.timeline = timeline.filter { $0.time <= problem.time }
        cut.problems = problems.filter { $0.line <= problem.line }
        return cut
    }
}

/// One frame: its instant, the screen then, and the script line being played.
public struct WalkthroughFrame: Sendable {
    public var time: Ticks
    public var screen: ScreenSnapshot
    /// The line being played (nil before the first).
    public var line: Int?
}

/// A line of the script as read.
public struct ScriptLine: Sendable, Equatable {
    public var number: Int
    public var text: String
}

/// A timeline entry and when it happened in the walkthrough.
public struct WalkthroughEvent: Sendable {
    public var time: Ticks
    public var entry: TimelineEntry
}

/// A failed check or the error that stopped the run, with the screen at that instant.
public struct WalkthroughProblem: Sendable {
    public var line: Int
    public var time: Ticks
    /// The last frame at or before the instant.
    public var frame: Int
    public var screen: ScreenSnapshot
    /// The diagnostic as the run reported it.
    public var diagnostic: Diagnostic?
}

extension String {
    /// The line without its leading and trailing blanks, tabs shown as spaces.
    var trimmingBlanksForCaption: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text.map { $0 == "\t" ? " " : $0 })
    }
}
