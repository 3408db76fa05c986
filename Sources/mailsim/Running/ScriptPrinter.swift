import MailboxReports
import MailboxScript

/// Prints what a script produces: output lines to stdout, diagnostics to stderr, traced events if asked.
final class ScriptPrinter: OutputSink, Sendable {
    let trace: Bool
    let style: Style
    /// Prints nothing (a script played again only for its pictures).
    let quiet: Bool
    /// The script's name, shown quoted in diagnostics when it holds a control character (`displayName`).
    let file: String

    init(trace: Bool = false, style: Style = .plain, quiet: Bool = false, file: String = "") {
        self.trace = trace
        self.style = style
        self.quiet = quiet
        self.file = file
    }

    /// This printer, naming `file` in its diagnostics.
    func naming(_ file: String) -> ScriptPrinter { ScriptPrinter(trace: trace, style: style, quiet: quiet, file: file) }

    func emit(_ output: ScriptOutput) {
        if quiet { return }
        // Which stream, if any, is the reports layer's rule (`ScriptOutput.stream`); this adds only the colour.
        guard let stream = output.stream(tracing: trace) else { return }
        let lines: [String]
        switch output {
        case .report(let report): lines = style.lines(report)
        case .trace(let entry): lines = [style.render(TimelineText.styledLine(entry))]
        case .diagnostic(let diagnostic):
            let text = shown(diagnostic.text)
            switch diagnostic.kind {
            case .refusedAsExpected: lines = [style.dim(text)]
            case .failed: lines = [style.failure(text)]
            case .error, .unreadable: lines = [style.error(text)]
            }
        case .screenReset: lines = []
        }
        for line in lines {
            switch stream {
            case .standardOutput: Console.out(line)
            case .standardError: Console.error(line)
            }
        }
    }

    /// Runs one script in a fresh session (`-` is standard input), printing as it goes; a file that cannot be
    /// read is an error.
    func run(file: String) -> RunReport {
        let printer = naming(file)
        return printer.said(FileRunner.run(file, trace: trace, output: printer))
    }

    /// Runs one script as `run(file:)` does, also collecting every timeline entry and reset into `events` (a
    /// trace export: nothing the bounded timeline drops is lost).
    func run(file: String, collecting events: inout TraceEvents) -> RunReport {
        let printer = naming(file)
        let collector = TraceCollector(printer: printer, events: events)
        defer { events = collector.events }
        return printer.said(FileRunner.run(file, trace: true, output: collector))
    }

    /// Says that a script could not be read.
    private func said(_ report: RunReport) -> RunReport {
        if let error = report.error, case .unreadable = error.kind { Console.error(style.error(shown(error.text))) }
        return report
    }

    /// A message with the script's name as text output shows it.
    private func shown(_ text: String) -> String { file.isEmpty ? text : displayingName(file, in: text) }
}

/// Prints as a `ScriptPrinter` does and keeps every entry for a Trace Event file.
private final class TraceCollector: OutputSink {
    let printer: ScriptPrinter
    var events: TraceEvents

    init(printer: ScriptPrinter, events: TraceEvents) {
        self.printer = printer
        self.events = events
    }

    func emit(_ output: ScriptOutput) {
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
