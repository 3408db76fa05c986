import MailboxAnimation

/// A command's description of itself: its name, arguments and help, and how its parsed arguments become a
/// `Command`. `help`, tab completion and the parser all read these and nothing else.
public final class CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    /// Words a newcomer may try for this command (`undo` for `shake`): not names, but an unknown command spelled
    /// so is answered "did you mean" this one.
    public let synonyms: [String]
    /// What kind of line it is (acts, takes time, kept by `save`, its place in the outline…): read wherever a
    /// command's kind matters, so no list of command names is kept anywhere else.
    public let traits: CommandTraits
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

    init(
        _ name: String, traits: CommandTraits, aliases: [String] = [], synonyms: [String] = [],
        _ parameters: [Parameter] = [],
        summary: @autoclosure @escaping @Sendable () -> String, details: @autoclosure @escaping @Sendable () -> String,
        example: @autoclosure @escaping @Sendable () -> String, interactiveOnly: Bool = false,
        build: @escaping @Sendable (Arguments) throws(ScriptError) -> Command
    ) {
        self.name = name
        self.aliases = aliases
        self.synonyms = synonyms
        self.traits = traits
        self.parameters = parameters
        self.summaryText = summary
        self.detailsText = details
        self.exampleText = example
        self.interactiveOnly = interactiveOnly
        self.flags = parameters.filter({ $0.isFlag }).map({ $0.name })
        self.build = build
        precondition(parameters.count <= Arguments.capacity, "\(name): more parameters than Arguments holds")
    }

    /// `pan TARGET DX [in S]`.
    public var synopsis: String {
        ([name] + parameters.map({ $0.synopsis })).joined(separator: " ")
    }

    /// Every name the command answers to.
    public var names: [String] { [name] + aliases }
}

/// The parsed arguments of one command, one slot per parameter (nil where an optional one was left out), read
/// by the parameter's name (`a.number(.dx)`): names are an enum, so a builder names only what its command
/// declares and a look-up is a few byte compares. Kept inline, not in an array: one is built for every line.
public struct Arguments: Sendable {
    /// The most parameters a command has (`expect PATH OP VALUE [within TOL]`).
    static let capacity = 4
    // Four named slots rather than a tuple or an array: a slot is read in place, without copying the rest.
    private var key0, key1, key2, key3: ArgumentName?
    private var slot0, slot1, slot2, slot3: ArgumentValue?
    private(set) var count = 0

    init() {}

    mutating func append(_ key: ArgumentName, _ value: ArgumentValue?) {
        switch count {
        case 0:
            key0 = key
            slot0 = value
        case 1:
            key1 = key
            slot1 = value
        case 2:
            key2 = key
            slot2 = value
        case 3:
            key3 = key
            slot3 = value
        default: return  // the table has at most `capacity` parameters a command (checked when it is built)
        }
        count += 1
    }

    /// The value given for the parameter named `key`, or nil when it was left out.
    @inline(__always)
    subscript(_ key: ArgumentName) -> ArgumentValue? {
        if key0 == key { return slot0 }
        if key1 == key { return slot1 }
        if key2 == key { return slot2 }
        if key3 == key { return slot3 }
        return nil
    }

    @inline(__always)
    func number(_ key: ArgumentName) -> DecimalNumber? {
        if case .number(let n)? = self[key] { return n } else { return nil }
    }
    @inline(__always)
    func ticks(_ key: ArgumentName) -> Ticks? { number(key)?.ticks }
    @inline(__always)
    func word(_ key: ArgumentName) -> String? {
        if case .word(let w)? = self[key] { return String(w) } else { return nil }
    }
    @inline(__always)
    func flag(_ key: ArgumentName) -> Bool {
        if case .flag? = self[key] { return true } else { return false }
    }

    /// The number of a required parameter (the parser has checked it is there; if a builder asks for one its
    /// command does not declare, the line is refused rather than the program stopped).
    func required(number key: ArgumentName, of command: String) throws(ScriptError) -> DecimalNumber {
        guard let n = number(key) else { throw Arguments.missing(key, command) }
        return n
    }
    /// The word(s) of a required parameter.
    func required(word key: ArgumentName, of command: String) throws(ScriptError) -> String {
        guard let w = word(key) else { throw Arguments.missing(key, command) }
        return w
    }

    static func missing(_ key: ArgumentName, _ command: String) -> ScriptError {
        .missingArgument(
            command: command, parameter: key.rawValue, usage: CommandTable.spec(named: command)?.synopsis ?? command)
    }
}
