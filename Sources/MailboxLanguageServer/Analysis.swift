import Glibc
import MailboxAnimation
import MailboxScript
import MailboxSim

/// What the server knows of one line after running the script: what `mailsim run` would report at it, the
/// virtual time after it and, after a `release`, what the lifted finger set off.
public struct LineInfo: Equatable, Sendable {
    /// What the run reported at the line, in order (a failed check, the error that stopped the script, the
    /// refusal a `!` line expected, a finger still down at the end).
    public var diagnostics: [Diagnostic] = []
    /// The clock after the line.
    public var time: Ticks
    /// After a `release`: what the lifted finger set off.
    public var release: GestureOutcome?
    /// True for a line that acted on the screen (what an inlay hint's time is shown on).
    public var acted = false
}

/// Why a run stopped before the end of the text, when it did.
public enum RunStop: Equatable, Sendable {
    /// An error stopped the script at this line (as `mailsim run` stops), or `quit`.
    case script(line: Int)
    /// The line or time bound was reached after this line: the rest was not run.
    case bound(line: Int, reason: String)
    /// A newer change arrived; the lines after this one are to be run again.
    case cancelled(line: Int)
    /// The run stopped after this line, a window past the change, so that what the change did near it is
    /// published before the rest of the document runs (the next update goes on from here).
    case paused(line: Int)
}

/// The bounds of one run of a document, so that a huge script does not hold the editor.
public struct RunBounds: Sendable {
    public var maxLines: Int
    public var maxSeconds: Double

    public init(maxLines: Int = 20_000, maxSeconds: Double = 3) {
        self.maxLines = maxLines
        self.maxSeconds = maxSeconds
    }
}

/// A script run for the editor: the same `LineRunner` and `ReportingSink` sink as `mailsim run`, with each line's
/// outcome kept (`LineInfo`) and the session kept every few lines (sessions are values), so that a change at
/// line k runs the script again from the last kept session before k, not from the top.
public struct Analysis: Sendable {
    /// The text run, one string a line (sharing the document's chunks).
    public private(set) var lines: LineStore = []
    /// One entry for each line run, in order (line n is `info[n - 1]`).
    public private(set) var info: [LineInfo] = []
    /// Sessions after line n (n = 0: the fresh session), every `checkpointStride(n)` lines.
    private var checkpoints: [(line: Int, session: Session)] = [(0, Analysis.freshSession())]
    /// What the last complete run kept past a paused run's window: freed when the run goes on, after the window's
    /// diagnostics are published, not before (freeing a long script's kept sessions and outcomes costs about
    /// their size).
    private var retired: (info: [LineInfo], checkpoints: [(line: Int, session: Session)])?
    /// Why the run stopped early, if it did; nil when it ran to the end of the text.
    public private(set) var stop: RunStop?
    /// How the script is named in diagnostics (the document's file name).
    public let file: String
    public var bounds: RunBounds

    public init(file: String, bounds: RunBounds = RunBounds()) {
        self.file = file
        self.bounds = bounds
    }

    /// The longest timeline (entries kept) at which a command is run so that a newer change interrupts it.
    static let interruptibleTimeline = 1_000

    static func freshSession() -> Session {
        var session = Session()
        session.collectsTrace = true
        return session
    }

    /// Whether the run went through every line.
    public var isComplete: Bool {
        switch stop {
        case nil, .script?, .bound?: true
        case .cancelled?, .paused?: false
        }
    }

    /// Brings the analysis up to `newLines`: lines before the first that differs keep what they had; the run
    /// goes on from the last kept session before it. `isCancelled` is polled between lines and inside long
    /// commands; a cancelled run keeps what it finished. With `window`, a run that would go on more than `window`
    /// lines past the lines it keeps (those before the first changed line, or before where the last run stopped)
    /// pauses there (`RunStop.paused`); the next update goes on from it.
    public mutating func update(
        to newLines: LineStore, window: Int? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        // The chunks both share are not looked at: finding the change costs about its size.
        let difference = newLines.firstDifference(from: lines)
        let first = difference ?? lines.count
        // Lines 1…first are unchanged; so are their outcomes, if they were run.
        let unchanged = min(first, info.count)
        let same = difference == nil
        let sameAfter = Analysis.sameAfter(newLines, lines, upTo: bounds.maxLines + 1)
        lines = newLines
        switch stop {
        case nil, .bound?: if same { return }
        case .script(let line)?: if line <= first { return }  // stopped before the change: it stops there again
        case .cancelled?, .paused?: break
        }
        run(after: unchanged, isCancelled: isCancelled, sameAfter: sameAfter, pauseAfter: window.map { unchanged + $0 })
    }

    /// The line (from 1) after which the two texts are the same line for line as far as a run goes (`horizon`
    /// lines), or nil when they have not as many lines: where a run of the new text that meets the old run's
    /// session again can stop and take the old run's outcomes. Compared from the horizon back to the last
    /// difference (lines that share their storage compare at once).
    static func sameAfter(_ new: LineStore, _ old: LineStore, upTo horizon: Int) -> Int? {
        guard new.count == old.count else { return nil }
        // The lines both end with, found chunk by chunk: when the last difference is below the horizon, it is the
        // answer (after an edit, about a chunk's work, not the document's).
        let different = new.count - new.commonSuffix(with: old)
        if different <= min(new.count, horizon) { return different }
        var index = min(new.count, horizon)
        while index > 0, new[index - 1] == old[index - 1] { index -= 1 }
        return index
    }

    /// `update(to:isCancelled:)` for lines given as an array.
    public mutating func update(
        to newLines: [String], window: Int? = nil, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        update(to: LineStore(newLines), window: window, isCancelled: isCancelled)
    }

    /// Runs the lines after line `line` (its outcomes and those before it are kept), no further than the line
    /// bound: the lines past it are never run, so they are not handed to the runner.
    mutating func run(
        after line: Int, isCancelled: @escaping @Sendable () -> Bool, sameAfter: Int? = nil, pauseAfter: Int? = nil
    ) {
        // What the last run found past the change: where the new run meets one of its kept sessions again, past
        // the last changed line, the rest would run as it did, so its outcomes are taken instead (an edit near the
        // top then costs the lines until the two runs meet, not the rest of the document).
        retired = nil
        let previous = (info: info, checkpoints: checkpoints, stop: stop)
        var meeting: [Int: Session] = [:]
        // (A run that stopped early, cancelled or paused, has no outcomes past its stop to take.)
        if let sameAfter, isComplete {
            for kept in checkpoints where kept.line > line && kept.line >= sameAfter {
                meeting[kept.line] = kept.session
            }
        }
        // The last kept session at or before `line`.
        while let last = checkpoints.last, last.line > line { checkpoints.removeLast() }
        let start = checkpoints[checkpoints.count - 1]
        // The outcomes kept, copied alone (`previous` shares the array: removing the rest in place would copy it all).
        info = Array(info[..<start.line])
        stop = nil
        var session = start.session
        var sink = EditorSink(file: file, firstLine: start.line + 1, isCancelled: isCancelled, bounds: bounds)
        sink.meeting = meeting
        sink.pauseAfter = pauseAfter
        var runner = LineRunner(file: file, sink: sink, startingAfter: start.line)
        var bytes: [UInt8] = []
        var end = bounds.maxLines < lines.count ? bounds.maxLines + 1 : lines.count
        // A run that pauses is handed the lines up to its pause alone: it costs the window, not the text after it.
        if let pauseAfter, pauseAfter < bounds.maxLines { end = min(end, pauseAfter) }
        for (index, text) in lines[start.line..<max(start.line, end)].enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes.append(contentsOf: text.utf8)
        }
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        info += runner.sink.info
        for kept in runner.sink.checkpoints { checkpoints.append(kept) }
        stop = runner.sink.stop
        if let met = runner.sink.met {
            // The runs met after line `met`: the rest is the last run's.
            info += previous.info[met...]
            for kept in previous.checkpoints where kept.line > met { checkpoints.append(kept) }
            stop = previous.stop
        }
        if case .paused? = stop { retired = (previous.info, previous.checkpoints) }
    }

    /// The session after line `line` (from 1; 0: before the first), as the run left it, or nil when the run
    /// did not reach it. Runs at most a stride of lines from the last kept session.
    public func session(after line: Int) -> Session? {
        let line = max(0, line)
        guard line <= info.count else { return nil }
        guard let start = checkpoints.last(where: { $0.line <= line }) else { return nil }
        var session = start.session
        if start.line == line { return session }
        var runner = LineRunner(file: file, sink: ReplaySink(), startingAfter: start.line)
        var bytes: [UInt8] = []
        for (index, text) in lines[start.line..<line].enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "\n")) }
            bytes.append(contentsOf: text.utf8)
        }
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: false)
        return session
    }

    /// How often a session is kept: every 32 lines for the first 2,048, then every 512 (a session holds its
    /// timeline, up to 10,000 entries).
    static func keeps(_ line: Int) -> Bool {
        line <= 2048 ? line % 32 == 0 : line % 512 == 0
    }
}

/// Runs lines to rebuild a kept state (a hover, a completion): the lines ran before, so they run the same way.
struct ReplaySink: LineSink {
    var hasStoppedOnError: Bool { false }
    mutating func take(_ result: LineResult, session: inout Session) -> Bool {
        if case .success(let outcome) = result.outcome, case .quit? = outcome.effect { return false }
        if case .failure = result.outcome { return false }
        return true
    }
}

/// The editor's sink: `mailsim run`'s own (`ReportingSink`) for what is reported and when the script stops, with
/// each line's outcome kept, sessions kept every few lines, and the run's bounds and cancellation.
struct EditorSink: LineSink {
    var run: ReportingSink
    let collected = Collected()
    let isCancelled: @Sendable () -> Bool
    let firstLine: Int
    let bounds: RunBounds
    let deadline: Double
    var info: [LineInfo] = []
    var checkpoints: [(line: Int, session: Session)] = []
    var stop: RunStop?
    /// The last run's kept sessions where the rest of the text is the same: meeting one stops this run.
    var meeting: [Int: Session] = [:]
    /// The line after which this run met the last one (its outcomes from there on are the last run's).
    var met: Int?
    /// The line after which the run pauses (`RunStop.paused`), if any.
    var pauseAfter: Int?

    init(file: String, firstLine: Int, isCancelled: @escaping @Sendable () -> Bool, bounds: RunBounds) {
        run = ReportingSink(
            file: file, output: CollectedOutput(collected: collected), pictures: NoPictures(), exports: NoExports())
        self.isCancelled = isCancelled
        self.firstLine = firstLine
        self.bounds = bounds
        deadline = monotonicSeconds() + bounds.maxSeconds
    }

    var hasStoppedOnError: Bool { run.hasStoppedOnError || stop != nil || met != nil }

    mutating func execute(_ line: Substring, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    > {
        // A long command polls for a newer change. Being interruptible costs a copy of the session's timeline at
        // each command that takes time (to put it back), which a script with a long timeline pays at every
        // line: there the run is cancelled between lines only (each line is bounded by the script's limits).
        if session.screen.timeline.entries.count <= Analysis.interruptibleTimeline {
            do { return .success(try session.execute(.line(line), isCancelled: isCancelled)) } catch {
                return .failure(error)
            }
        }
        do { return .success(try session.execute(.line(line))) } catch { return .failure(error) }
    }

    mutating func take(_ result: LineResult, session: inout Session) -> Bool {
        let number = result.place.line
        let index = number - firstLine
        if case .failure(.model(.interrupted)) = result.outcome, isCancelled() {
            stop = .cancelled(line: number - 1)
            return false
        }
        collected.diagnostics = []
        let goOn = run.take(result, session: &session)
        if index < 0 { return goOn }
        if index < info.count {
            // The end of the script reported at its last line (a finger still down).
            info[index].diagnostics += collected.diagnostics
            return goOn
        }
        var line = LineInfo(diagnostics: collected.diagnostics, time: session.screen.now)
        if case .success(let outcome) = result.outcome {
            line.acted = outcome.acted
            for entry in outcome.trace {
                if case .event(.gestureEnded(_, _, let ended)) = entry.kind { line.release = ended }
            }
        }
        info.append(line)
        if Analysis.keeps(number) {
            checkpoints.append((number, session))
            if goOn, let old = meeting[number], old.screen == session.screen {
                met = number
                return false
            }
        }
        if !goOn {
            stop = .script(line: number)
            return false
        }
        if isCancelled() {
            stop = .cancelled(line: number)
            return false
        }
        if let pauseAfter, number >= pauseAfter, number < bounds.maxLines {
            stop = .paused(line: number)
            return false
        }
        if number >= bounds.maxLines {
            stop = .bound(line: number, reason: "the editor runs at most \(bounds.maxLines) lines")
            return false
        }
        if number % 64 == 0, monotonicSeconds() > deadline {
            stop = .bound(
                line: number, reason: "the editor runs a script for at most \(formatSeconds(bounds.maxSeconds)) s")
            return false
        }
        return true
    }
}

private func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
}

/// What one line of a run reported, gathered by the output sink.
final class Collected: @unchecked Sendable {
    var diagnostics: [Diagnostic] = []
}

final class CollectedOutput: OutputSink {
    let collected: Collected
    init(collected: Collected) { self.collected = collected }
    func emit(_ output: ScriptOutput) {
        if case .diagnostic(let diagnostic) = output { collected.diagnostics.append(diagnostic) }
    }
}

/// `snapshot` lines as the editor runs them: checked, never written (a keystroke writes no file).
final class NoPictures: PictureSink {
    func write(_ request: PictureRequest, line: Int) throws(ScriptError) {}
}

/// `export` lines as the editor runs them: checked, never written.
final class NoExports: ExportSink {
    func write(_ request: ExportRequest, line: Int) throws(ScriptError) {}
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
