import MailboxSim

/// The formats `export` writes, the hand-off of the settings in force (docs/handoff.md). Named once, here, where
/// the language reads them (the parser, `help export`, completion, the fuzzer); `MailboxHandoff`'s `HandoffFormat`
/// is this type, which renders them (MailboxScript cannot depend on it: MailboxHandoff reads the parameter table).
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Foundation-free Swift files: every parameter as a typed constant, the decisions as pure functions.
    case swift
    /// The same as ES modules without dependencies, for web prototypes.
    case js
    /// The parameters as Design Tokens Community Group JSON.
    case tokens
    /// The parameters as CSS custom properties.
    case css

    /// What the format is, for `help export` and `mailsim export --help`.
    public var summary: String {
        switch self {
        case .swift: "five Swift files, no dependencies: the parameters as constants, the decisions as functions"
        case .js: "the same as four ES modules without dependencies"
        case .tokens: "the parameters as Design Tokens Community Group JSON"
        case .css: "the parameters as CSS custom properties"
        }
    }

    /// Whether the format is a set of files (swift, js: each file at most 400 lines), written into a folder, rather
    /// than one file (tokens, css).
    public var isFileSet: Bool { self == .swift || self == .js }

    /// Every format's name, in `allCases`' order.
    public static var names: [String] { allCases.map({ $0.rawValue }) }
}

/// What `export FORMAT FILE [--force]` asks the front end to write: the settings in force when the line ran, in
/// FORMAT, to FILE (relative to the script's folder in a script, as `snapshot`'s). The front end renders it
/// (`HandoffExport`) and writes it atomically; an existing FILE is replaced only with `force` (the prompt may ask).
public struct ExportRequest: Equatable, Sendable {
    public let format: ExportFormat
    public let file: String
    /// An existing file is replaced without asking.
    public let force: Bool
    /// The settings in force when the line ran.
    public let settings: Settings

    public init(format: ExportFormat, file: String, force: Bool, settings: Settings) {
        self.format = format
        self.file = file
        self.force = force
        self.settings = settings
    }
}
