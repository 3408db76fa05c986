import MailboxSim

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
struct ScriptPrinter {
    var trace = false
    var style = Style.plain

    func emit(_ output: ScriptOutput) {
        switch output {
        case .line(let line): Console.out(style.swatches(line))
        case .trace(let entry): if trace { Console.out(style.timelineLine(TimelineReport.line(entry))) }
        case .excused(let message): if trace { Console.out(style.dim(message)) }
        case .diagnostic(let message):
            Console.error(message.contains(": error: ") ? style.error(message) : style.failure(message))
        }
    }

    /// Runs one script file (or standard input) in a fresh session; a file that cannot be read is an error.
    func run(file: String, bytes: () throws(FileSystem.Failure) -> [UInt8]) -> ScriptReport {
        var session = Session()
        let source: [UInt8]
        do {
            source = try bytes()
        } catch {
            Console.error("mailsim: error: \(error.message)")
            var report = ScriptReport(file: file)
            report.markUnreadable(error.message)
            return report
        }
        return ScriptRunner.run(source, file: file, session: &session, emit: emit)
    }
}
