import MailboxReports
import MailboxScript

/// A script run a piece at a time, answering what `mailsim run` prints for each piece: the script language behind
/// the page module's `session.execute(line)` (docs/playground.md). Lines are numbered from 1 across the pieces, as
/// a file's are, and diagnostics name `file`. A failed `expect` is reported and the run goes on; an error is reported
/// and, unlike `mailsim run`, the console goes on from the next line (a person at a console corrects and retries);
/// after `quit` it runs nothing more, as `mailsim run` reads no more.
public struct ScriptConsole {
    /// What one piece printed, and how it went.
    public struct Printed: Equatable, Sendable {
        /// What `mailsim run` prints on standard output for the piece.
        public var output = ""
        /// What it prints on standard error: failed expectations and the error that stopped a line.
        public var errors = ""
        public var status = Status.ran

        public init(output: String = "", errors: String = "", status: Status = .ran) {
            self.output = output
            self.errors = errors
            self.status = status
        }
    }

    /// How a piece went, as `mailsim run`'s exit status says it (0, 1, 2).
    public enum Status: Int, Sendable {
        /// Every line ran and every check held.
        case ran = 0
        /// A check failed (the run would go on and exit 1).
        case failed = 1
        /// A line was refused (the run would stop there and exit 2).
        case error = 2
    }

    /// How diagnostics name the script (`<stdin>` unless told).
    public let file: String
    /// Whether the timeline and `set`'s confirmations are printed, as `mailsim run --trace` prints them.
    public let tracing: Bool
    /// The screen and everything it remembers.
    public private(set) var session: Session
    /// True after `quit` or `finish()`: nothing more runs.
    public private(set) var ended = false
    private var runner: LineRunner<ReportingSink>
    private let printer: ConsolePrinter

    public init(file: String = "<stdin>", tracing: Bool = false) {
        self.file = file
        self.tracing = tracing
        session = Session()
        session.collectsTrace = tracing
        session.confirmsSettings = tracing
        printer = ConsolePrinter(file: file, tracing: tracing)
        runner = LineRunner(file: file, sink: ReportingSink(file: file, output: printer))
    }

    /// The number of the last line run.
    public var lastLine: Int { runner.lastLine }

    /// Runs `text` as the next lines of the script (a missing final newline is supplied): what they printed.
    public mutating func execute(_ text: String) -> Printed {
        guard !ended else { return Printed() }
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        return run { runner, session in
            bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        }
    }

    /// Ends the script as the end of a file does: a finger still down is an error at the last line (SPEC §6).
    public mutating func finish() -> Printed {
        guard !ended else { return Printed() }
        defer { ended = true }
        return run { runner, session in runner.finish(session: &session, requiringFingerUp: true) }
    }

    /// Runs `body` on the runner, collecting what it printed; a runner stopped by an error is replaced by one that
    /// goes on after its last line, one stopped by `quit` ends the console.
    private mutating func run(_ body: (inout LineRunner<ReportingSink>, inout Session) -> Void) -> Printed {
        printer.printed = Printed()
        body(&runner, &session)
        if runner.stopped {
            if runner.sink.hasStoppedOnError {
                runner = LineRunner(
                    file: file, sink: ReportingSink(file: file, output: printer), startingAfter: runner.lastLine)
            } else {
                ended = true
            }
        }
        return printer.printed
    }
}

/// Prints a script run's outputs into text, as `mailsim run` prints them on its two streams without colour.
private final class ConsolePrinter: OutputSink {
    let file: String
    let tracing: Bool
    var printed = ScriptConsole.Printed()

    init(file: String, tracing: Bool) {
        self.file = file
        self.tracing = tracing
    }

    func emit(_ output: ScriptOutput) {
        guard let stream = output.stream(tracing: tracing) else { return }
        var text = ""
        for line in output.plainLines(file: file) {
            text += line
            text += "\n"
        }
        switch stream {
        case .standardOutput: printed.output += text
        case .standardError: printed.errors += text
        }
        if case .diagnostic(let diagnostic) = output {
            switch diagnostic.kind {
            case .failed: if printed.status == .ran { printed.status = .failed }
            case .error, .unreadable: printed.status = .error
            case .refusedAsExpected: break
            }
        }
    }
}
