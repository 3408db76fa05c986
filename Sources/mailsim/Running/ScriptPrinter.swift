import MailboxReports
import MailboxScript

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
struct ScriptPrinter: ScriptOutputSink {
    var trace = false
    var style = Style.plain
    /// Prints nothing (a script played again only for its pictures).
    var quiet = false
    /// The script's name, shown quoted in diagnostics when it holds a control character (`displayName`).
    var file = ""

    func emit(_ output: ScriptOutput) {
        if quiet { return }
        switch output {
        case .report(let report): for line in style.lines(report) { Console.out(line) }
        case .screenReset: break
        case .trace(let entry): if trace { Console.out(style.render(TimelineText.styledLine(entry))) }
        case .diagnostic(let diagnostic):
            switch diagnostic.kind {
            case .refusedAsExpected: if trace { Console.out(style.dim(shown(diagnostic.text))) }
            case .failed: Console.error(style.failure(shown(diagnostic.text)))
            case .error, .unreadable: Console.error(style.error(shown(diagnostic.text)))
            }
        }
    }

    /// Runs one script in a fresh session (`-` is standard input), printing as it goes; a file that cannot be
    /// read is an error.
    func run(file: String) -> ScriptSummary {
        var printer = self
        printer.file = file
        return printer.said(ScriptFile.run(file, trace: trace, output: &printer))
    }

    /// Runs one script as `run(file:)` does, also collecting every timeline entry and reset into `events` (a
    /// trace export: nothing the bounded timeline drops is lost).
    func run(file: String, collecting events: inout TraceEvents) -> ScriptSummary {
        var printer = self
        printer.file = file
        var collector = TraceCollector(printer: printer, events: events)
        defer { events = collector.events }
        return printer.said(ScriptFile.run(file, trace: true, output: &collector))
    }

    /// Says that a script could not be read.
    private func said(_ report: ScriptSummary) -> ScriptSummary {
        if let error = report.error, case .unreadable = error.kind { Console.error(style.error(shown(error.text))) }
        return report
    }

    /// A message with the script's name as text output shows it.
    private func shown(_ text: String) -> String { file.isEmpty ? text : displayingName(file, in: text) }
}

/// Prints as a `ScriptPrinter` does and keeps every entry for a Trace Event file.
private struct TraceCollector: ScriptOutputSink {
    let printer: ScriptPrinter
    var events: TraceEvents

    mutating func emit(_ output: ScriptOutput) {
        events.add(output)
        printer.emit(output)
    }
}

extension ScriptPrinter {
    /// A script read from standard input, as `mailsim` runs one when input is not a terminal; the exit status.
    static func runStandardInput(trace: Bool, color: ColorChoice?) -> Int32 {
        ScriptPrinter(trace: trace, style: Style.resolve(color)).run(file: "-").exitCode
    }
}
