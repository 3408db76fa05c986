import MailboxAnimation
import MailboxSim

/// What running a script produces, in order: standard output lines, traced timeline entries, and diagnostics.
public enum ScriptOutput: Sendable {
    /// What an inspecting command produced, for standard output.
    case report(CommandOutput)
    /// A timeline entry a command added (printed by front ends that trace).
    case trace(TimelineEntry)
    /// A failed check or an error (for standard error), or the refusal a `!` line expected (printed by
    /// front ends that trace).
    case diagnostic(Diagnostic)
    /// `reset` replaced the screen with a fresh one (time 0) when the old one's clock read `at`: a trace that
    /// spans the script (`--trace-events`) keeps its time going from there.
    case screenReset(at: Ticks)
}

/// The result of one script: how many checks ran, which failed, and the error that stopped it, if any.
public struct RunReport: Sendable {
    public let file: String
    public internal(set) var checks = 0
    /// Every check that failed, in order.
    public internal(set) var failures: [Diagnostic] = []
    /// The error that stopped the script, if any.
    public internal(set) var error: Diagnostic?
    /// The screen at each failure and at the error, for runs that keep them (`ReportingSink.keepsContext`),
    /// at most `FailureContext.limit`.
    public internal(set) var contexts: [FailureContext] = []

    public init(file: String) { self.file = file }

    /// Records that the script could not be read at all (an error: exit status 2).
    public mutating func markUnreadable(_ message: String) {
        error = Diagnostic(file: file, line: 0, kind: .unreadable(message))
    }

    /// `run`'s exit status: 0 all held, 1 an expectation failed, 2 an error.
    public var exitCode: Int32 { error != nil ? 2 : failures.isEmpty ? 0 : 1 }
    public var passed: Bool { exitCode == 0 }
    /// The first thing that went wrong.
    public var firstProblem: Diagnostic? { failures.first ?? error }
    /// Every problem in line order: the failed checks, then the error that stopped the script.
    public var problems: [Diagnostic] { error.map { failures + [$0] } ?? failures }

    /// The screen when line `line` failed or stopped the script, if the run kept it.
    public func context(atLine line: Int) -> FailureContext? { contexts.first { $0.line == line } }

    /// Records the screen at a problem on line `line`, up to the limit.
    mutating func keepContext(line: Int, screen: MailboxState) {
        guard contexts.count < FailureContext.limit else { return }
        contexts.append(FailureContext(line: line, screen: screen))
    }
}

/// Runs script text through a session: one command a line; a failed `expect` is reported and the script
/// goes on; an error is reported and stops it (a `LineRunner` with a `ReportingSink`, fed the whole text at once).
/// `mailsim test --update` and the tests run a script's text this way; `pictures` draws its `snapshot`s and
/// `exports` writes its `export`s.
public enum ScriptRunner {
    public static func run(
        _ source: some Collection<UInt8>, file: String, session: inout Session,
        pictures: (any PictureSink)? = nil, exports: (any ExportSink)? = nil,
        emit: (ScriptOutput) -> Void = { _ in }
    ) -> RunReport {
        withoutActuallyEscaping(emit) { emit in
            var runner = LineRunner(
                file: file,
                sink: ReportingSink(file: file, output: EachOutput(emit), pictures: pictures, exports: exports))
            let fed = source.withContiguousStorageIfAvailable { bytes in runner.feed(bytes, session: &session) }
            if fed == nil {
                Array(source).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
            }
            runner.finish(session: &session, requiringFingerUp: true)
            return runner.sink.report
        }
    }
}
