import MailboxAnimation

/// A command's description of itself, the whole of it but what it does (its `Session.perform…`, in the same file
/// under `Commands/`): its name, traits, parameters and help, how its arguments become a `Command` (`build`) and
/// how a `Command` gives them back (`arguments`). `help`, tab completion, the parser, the printer
/// (`Command.scriptLine`) and the bounds of built commands (`Command.boundsRefusal`) all read these and nothing else.
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
    /// The inverse of `build`: the arguments a command of this entry holds, numbers as it holds them (nil for a
    /// command of another entry, and for a line inside `!` that did not parse, which has no words of its own).
    /// The printer writes them and the bounds check them, in the order of `parameters`.
    let arguments: @Sendable (Command) -> Arguments?

    init(
        _ name: String, traits: CommandTraits, aliases: [String] = [], synonyms: [String] = [],
        _ parameters: [Parameter] = [],
        summary: @autoclosure @escaping @Sendable () -> String, details: @autoclosure @escaping @Sendable () -> String,
        example: @autoclosure @escaping @Sendable () -> String, interactiveOnly: Bool = false,
        build: @escaping @Sendable (Arguments) throws(ScriptError) -> Command,
        arguments: @escaping @Sendable (Command) -> Arguments?
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
        self.arguments = arguments
        precondition(parameters.count <= Arguments.capacity, "\(name): more parameters than Arguments holds")
    }

    /// `pan TARGET DX [in S]`.
    public var synopsis: String {
        ([name] + parameters.map({ $0.synopsis })).joined(separator: " ")
    }

    /// Every name the command answers to.
    public var names: [String] { [name] + aliases }
}
