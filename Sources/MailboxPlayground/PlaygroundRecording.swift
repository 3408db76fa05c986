import MailboxAnimation
import MailboxGIF
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText
import MailboxWalkthrough

/// A playground session's walkthrough: its script played as `mailsim record` plays a file (the same frames, captions
/// and report), within the playground's bounds, whole or from one line to another. The server's exports (cairo's
/// GIF, the HTML player) and the page's Record (its canvas's GIF, the same player) both start here.
public enum PlaygroundRecording {
    /// The frame rate and playback speed of a walkthrough (`mailsim record`'s defaults).
    public static let framesPerSecond = 30
    public static let speed = 1.0
    /// The most frames a walkthrough has.
    public static let maxFrames = 18_001

    /// Plays lines `first` to `last` of `script` (to its end when nil), named `file` as `mailsim record FILE` names
    /// it, under a recorder that hands each frame to `sink` (or keeps them, with none). The lines before the first
    /// run unrecorded; the walkthrough starts at the screen the first starts from. `isCancelled` ends the work at
    /// the bound of `seconds`, which its words name.
    public static func play(
        _ script: String, file: String = "playground", from first: Int = 1, through last: Int? = nil,
        sink: WalkthroughFrameSink?,
        seconds: Double = PlaygroundLimits.exportSeconds,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<Walkthrough, PlaygroundExportError> {
        guard script.utf8.count <= PlaygroundLimits.scriptBytes else {
            return .failure(.init("the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB"))
        }
        let all = LineSplitter.lines(of: Array(script.utf8))
        if let refused = all.enumerated().first(where: {
            if case .text(let text) = $0.element { PlaygroundLines.touchesFiles(text) != nil } else { false }
        }) {
            return .failure(.init("playground:\(refused.offset + 1): error: the script touches files"))
        }
        let range: ClosedRange<Int>
        switch checked(first, last, count: all.count) {
        case .failure(let error): return .failure(error)
        case .success(let checked): range = checked
        }
        let recorder = Recorder(
            clock: FrameClock(framesPerSecond: framesPerSecond), maxFrames: maxFrames, sink: sink,
            fromLine: range.lowerBound)
        var runner = LineRunner(
            file: file,
            sink: ReportingSink(file: file, output: NoOutput(), observer: recorder, isCancelled: isCancelled))
        var session = Session()
        // The script up to the end of the last line asked for; a finger still down there is where a walkthrough of
        // some lines ends, not an error.
        let whole = range.upperBound >= all.count
        var bytes = Array(script.utf8)
        if !whole { bytes.removeSubrange(endOfLine(range.upperBound, in: bytes)...) }
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: whole)
        if isCancelled() {
            return .failure(.init("the walkthrough took longer than \(formatNumber(seconds)) s and was stopped"))
        }
        if recorder.overflowed {
            return .failure(.init("the walkthrough would be longer than \(maxFrames) frames at \(framesPerSecond) fps"))
        }
        if let error = recorder.sinkError { return .failure(.init(error.message)) }
        if let error = runner.sink.report.error, error.line < range.lowerBound {
            return .failure(.init(error.text + " (before line \(range.lowerBound), where the walkthrough starts)"))
        }
        var walkthrough = recorder.finish(file: file, session: session)
        walkthrough.attach(runner.sink.report)
        return .success(walkthrough)
    }

    /// The walkthrough of `script` (or of its lines `lines`) with its frames kept, as the HTML player and the page's
    /// GIF need them: at most `PlaygroundLimits.exportRowFrames` frames times rows.
    public static func walkthrough(
        _ script: String, file: String = "playground", from first: Int = 1, through last: Int? = nil,
        seconds: Double = PlaygroundLimits.exportSeconds, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<Walkthrough, PlaygroundExportError> {
        let frames = KeptFrames(rowFrames: PlaygroundLimits.exportRowFrames)
        let played = play(
            script, file: file, from: first, through: last, sink: frames, seconds: seconds, isCancelled: isCancelled)
        return played.flatMap {
            var walkthrough = $0
            walkthrough.frames = frames.frames
            guard !walkthrough.frames.isEmpty else { return .failure(.init("the walkthrough has no frames")) }
            return .success(walkthrough)
        }
    }

    /// Where line `line` ends in `bytes`: the index after its LF.
    static func endOfLine(_ line: Int, in bytes: [UInt8]) -> Int {
        var seen = 0
        for (i, byte) in bytes.enumerated() where byte == 10 {
            seen += 1
            if seen == line { return i + 1 }
        }
        return bytes.count
    }

    /// Lines `first` to `last` (the end when nil) of a script of `count` lines, or why they are not lines of it.
    static func checked(_ first: Int, _ last: Int?, count: Int) -> Result<ClosedRange<Int>, PlaygroundExportError> {
        let total = max(count, 1)
        let has = count == 1 ? "1 line" : "\(count) lines"
        guard first >= 1 else { return .failure(.init("lines are numbered from 1")) }
        guard first <= total else { return .failure(.init("the script has \(has): line \(first) is past its end")) }
        let last = last ?? total
        guard last >= first else { return .failure(.init("line \(last) is before line \(first)")) }
        guard last <= total else { return .failure(.init("the script has \(has): line \(last) is past its end")) }
        return .success(first...last)
    }
}

/// The player's frames, kept as they come while frames times rows stay within a budget; past it the recording
/// stops with the reason.
public final class KeptFrames: WalkthroughFrameSink {
    public private(set) var frames: [WalkthroughFrame] = []
    private var rowFrames = 0
    let budget: Int

    public init(rowFrames budget: Int) { self.budget = budget }

    public func add(_ frame: WalkthroughFrame, caption: Caption) throws(RasterError) {
        rowFrames += max(1, frame.screen.rows.count)
        guard rowFrames <= budget else {
            throw RasterError(
                "the walkthrough is too big to play in a page: \(frames.count) frames of up to "
                    + "\(frame.screen.rows.count) rows (at most \(budget) frames times rows); "
                    + "record a shorter script or one with fewer messages"
            )
        }
        frames.append(frame)
    }
}

/// Why a walkthrough could not be made.
public struct PlaygroundExportError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
