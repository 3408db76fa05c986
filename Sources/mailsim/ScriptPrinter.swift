import MailboxSim

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
struct ScriptPrinter {
    var trace = false

    func emit(_ output: ScriptOutput) {
        switch output {
        case .line(let line): Console.out(line)
        case .trace(let entry): if trace { Console.out(TimelineReport.line(entry)) }
        case .excused(let message): if trace { Console.out(message) }
        case .diagnostic(let message): Console.error(message)
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
