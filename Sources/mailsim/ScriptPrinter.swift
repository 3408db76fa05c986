import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
struct ScriptPrinter {
    var trace = false
    var style = Style.plain

    func emit(_ output: ScriptOutput) {
        switch output {
        case .report(let report): for line in style.lines(report) { Console.out(line) }
        case .trace(let entry): if trace { Console.out(style.render(TimelineText.styledLine(entry))) }
        case .diagnostic(let diagnostic):
            switch diagnostic.kind {
            case .refusedAsExpected: if trace { Console.out(style.dim(diagnostic.text)) }
            case .failed: Console.error(style.failure(diagnostic.text))
            case .error, .unreadable: Console.error(style.error(diagnostic.text))
            }
        }
    }

    /// Runs one script in a fresh session as `read` hands its bytes over, piece by piece (see
    /// `FileSystem.stream`); a file that cannot be read is an error.
    func run(file: String, streaming read: ((UnsafeBufferPointer<UInt8>) -> Bool) throws(FileSystem.Failure) -> Void)
        -> ScriptReport {
        var session = Session()
        session.collectsTrace = trace
        var stream = ScriptStream(file: file)
        do {
            try read { bytes in stream.feed(bytes, session: &session, emit: emit) }
        } catch {
            return unreadable(file, error)
        }
        return stream.finish(session: &session, emit: emit)
    }

    private func unreadable(_ file: String, _ error: FileSystem.Failure) -> ScriptReport {
        Console.error("mailsim: error: \(error.message)")
        var report = ScriptReport(file: file)
        report.markUnreadable(error.message)
        return report
    }
}

extension ScriptPrinter {
    /// A script read from standard input, as `mailsim` runs one when input is not a terminal; the exit status.
    static func runStandardInput(trace: Bool, color: ColorChoice?) -> Int32 {
        let printer = ScriptPrinter(trace: trace, style: Style.resolve(color))
        return printer.run(file: "<stdin>") { (body) throws(FileSystem.Failure) in
            try FileSystem.stream(0, name: "<stdin>", body)
        }.exitCode
    }
}
