import MailboxScript

/// The two streams a script run prints on.
public enum OutputStream: Sendable {
    case standardOutput, standardError
}

extension ScriptOutput {
    /// Where `mailsim run` prints this output, or nil where it prints nothing: reports on standard output, failures and
    /// errors on standard error, and with `--trace` (`tracing`) the timeline and the refusals a `!` line expected on
    /// standard output. The one rule: the terminal's printer and the page's console both ask it.
    public func stream(tracing: Bool) -> OutputStream? {
        switch self {
        case .report: .standardOutput
        case .screenReset: nil
        case .trace: tracing ? .standardOutput : nil
        case .diagnostic(let diagnostic):
            switch diagnostic.kind {
            case .refusedAsExpected: tracing ? .standardOutput : nil
            case .failed, .error, .unreadable: .standardError
            }
        }
    }

    /// The lines this output prints, without colour (as `mailsim run` prints them to a file or a pipe); a
    /// diagnostic's script name as `displayingName` shows `file`.
    public func plainLines(file: String) -> [String] {
        switch self {
        case .report(let report): TextRenderer.styledLines(report, .plain).map { $0.text }
        case .trace(let entry): [TimelineText.styledLine(entry).text]
        case .diagnostic(let diagnostic): [file.isEmpty ? diagnostic.text : displayingName(file, in: diagnostic.text)]
        case .screenReset: []
        }
    }
}
