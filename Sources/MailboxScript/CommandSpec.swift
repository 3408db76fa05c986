import MailboxAnimation

/// A command's description of itself: its name, arguments and help, and how its parsed arguments become a
/// `Command`. `help`, tab completion and the parser all read these and nothing else.
public final class CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    /// Words a newcomer may try for this command (`undo` for `shake`): not names, but an unknown command spelled
    /// so is answered "did you mean" this one.
    public let synonyms: [String]
    public let parameters: [Parameter]
    /// One line for the command list.
    public var summary: String { summaryText() }
    /// A paragraph for `help NAME`.
    public var details: String { detailsText() }
    public var example: String { exampleText() }
    // The texts are built when help asks for them, not when the table is (at start-up): several read numbers
    // from Metrics and Limits, and building them costs more than the rest of the table.
    private let summaryText: @Sendable () -> String
    private let detailsText: @Sendable () -> String
    private let exampleText: @Sendable () -> String
    /// True for commands that only make sense at the prompt (`save`, `quit`).
    public let interactiveOnly: Bool
    /// The spellings of its flags (`--json`, `--expect`), for "unknown option" errors; empty for most.
    public let flags: [String]
    let build: @Sendable (Arguments) throws(ScriptError) -> Command

    init(_ name: String, aliases: [String] = [], synonyms: [String] = [], _ parameters: [Parameter] = [],
         summary: @autoclosure @escaping @Sendable () -> String, details: @autoclosure @escaping @Sendable () -> String,
         example: @autoclosure @escaping @Sendable () -> String, interactiveOnly: Bool = false,
         build: @escaping @Sendable (Arguments) throws(ScriptError) -> Command) {
        self.name = name
        self.aliases = aliases
        self.synonyms = synonyms
        self.parameters = parameters
        self.summaryText = summary
        self.detailsText = details
        self.exampleText = example
        self.interactiveOnly = interactiveOnly
        self.flags = parameters.filter(\.isFlag).map(\.name)
        self.build = build
        precondition(parameters.count <= Arguments.capacity, "\(name): more parameters than Arguments holds")
    }

    /// `pan TARGET DX [in S]`.
    public var synopsis: String {
        ([name] + parameters.map(\.synopsis)).joined(separator: " ")
    }

    /// Every name the command answers to.
    public var names: [String] { [name] + aliases }
}

/// The parsed arguments of one command, one slot per parameter (nil where an optional one was left out), read
/// by the parameter's name (`a.number("DX")`). Kept inline, not in an array: one is built for every line.
public struct Arguments: Sendable {
    /// The most parameters a command has (`expect PATH OP VALUE [within TOL]`).
    static let capacity = 4
    private var slots: (ArgumentValue?, ArgumentValue?, ArgumentValue?, ArgumentValue?) = (nil, nil, nil, nil)
    private(set) var count = 0
    /// The command's parameters, whose names the builders read by.
    private let parameters: [Parameter]

    init(_ parameters: [Parameter]) { self.parameters = parameters }

    mutating func append(_ value: ArgumentValue?) {
        switch count {
        case 0: slots.0 = value
        case 1: slots.1 = value
        case 2: slots.2 = value
        case 3: slots.3 = value
        default: return // the table has at most `capacity` parameters a command (checked when it is built)
        }
        count += 1
    }

    /// The value given for the parameter named `name` (`DX`, `--json`), or nil when it was left out.
    subscript(_ name: String) -> ArgumentValue? {
        guard let index = parameters.firstIndex(where: { $0.name == name }) else { return nil }
        switch index {
        case 0: return slots.0
        case 1: return slots.1
        case 2: return slots.2
        case 3: return slots.3
        default: return nil
        }
    }

    func number(_ name: String) -> DecimalNumber? {
        if case .number(let n)? = self[name] { return n } else { return nil }
    }
    func ticks(_ name: String) -> Ticks? { number(name)?.ticks }
    func word(_ name: String) -> String? {
        if case .word(let w)? = self[name] { return String(w) } else { return nil }
    }
    func flag(_ name: String) -> Bool { self[name] == .flag }

    /// The number of a required parameter (the parser has checked it is there; if a builder asks for one it
    /// did not declare, the line is refused rather than the program stopped).
    func required(number name: String, of command: String) throws(ScriptError) -> DecimalNumber {
        guard let n = number(name) else { throw missing(name, command) }
        return n
    }
    /// The word(s) of a required parameter.
    func required(word name: String, of command: String) throws(ScriptError) -> String {
        guard let w = word(name) else { throw missing(name, command) }
        return w
    }

    private func missing(_ name: String, _ command: String) -> ScriptError {
        .missingArgument(command: command, parameter: name, usage: ([command] + parameters.map(\.synopsis)).joined(separator: " "))
    }
}
