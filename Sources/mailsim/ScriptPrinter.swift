import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
struct ScriptPrinter {
    var trace = false
    var style = Style.plain
    /// Prints nothing (a script played again only for its pictures).
    var quiet = false

    func emit(_ output: ScriptOutput) {
        if quiet { return }
        switch output {
        case .report(let report): for line in style.lines(report) { Console.out(line) }
        case .screenReset: break
        case .trace(let entry): if trace { Console.out(style.render(TimelineText.styledLine(entry))) }
        case .diagnostic(let diagnostic):
            switch diagnostic.kind {
            case .refusedAsExpected: if trace { Console.out(style.dim(diagnostic.text)) }
            case .failed: Console.error(style.failure(diagnostic.text))
            case .error, .unreadable: Console.error(style.error(diagnostic.text))
            }
        }
    }

    /// Runs one script in a fresh session (`-` is standard input), printing as it goes; a file that cannot be
    /// read is an error.
    /// `collecting`, when given, also receives everything the script emits, the timeline's entries included
    /// (a trace export: nothing the bounded timeline drops is lost).
    func run(file: String, collecting: ((ScriptOutput) -> Void)? = nil) -> ScriptReport {
        let report: ScriptReport
        if let collecting {
            report = ScriptFile.run(file, trace: true) { output in
                collecting(output)
                emit(output)
            }
        } else {
            report = ScriptFile.run(file, trace: trace, emit: emit)
        }
        if let error = report.error, case .unreadable = error.kind { Console.error(style.error(error.text)) }
        return report
    }
}

extension ScriptPrinter {
    /// A script read from standard input, as `mailsim` runs one when input is not a terminal; the exit status.
    static func runStandardInput(trace: Bool, color: ColorChoice?) -> Int32 {
        ScriptPrinter(trace: trace, style: Style.resolve(color)).run(file: "-").exitCode
    }
}
