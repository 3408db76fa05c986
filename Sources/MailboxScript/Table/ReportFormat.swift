/// How a looking command prints what it found: as text for a person (the default) or, with `--json`, as
/// JSON for a program (`state`, `show`, `timeline`).
public enum ReportFormat: Equatable, Sendable {
    case text, json

    /// The `--json` flag's argument: given for JSON, left out for text.
    var flag: ArgumentValue? { self == .json ? .flag : nil }

    /// `.json` when the flag was given.
    init(json: Bool) { self = json ? .json : .text }
}
