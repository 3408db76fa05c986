/// What kind of line a command is, declared once on its table entry (`CommandSpec.traits`). The session, the
/// playground, the language server's outline, the fuzzer and the generated docs read these instead of each
/// keeping its own list of command names.
public struct CommandTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// It acts on the screen (what a walkthrough captions), rather than checking or looking.
    public static let acts = CommandTraits(rawValue: 1 << 0)
    /// It moves the clock through frames, and so polls for Ctrl-C while it runs.
    public static let takesTime = CommandTraits(rawValue: 1 << 1)
    /// `save` keeps the line: it changes or checks the screen (what only looks is not kept).
    public static let kept = CommandTraits(rawValue: 1 << 2)
    /// It begins an interaction of its own (a pan, a tap, a choice, a reset): the playground's history starts
    /// there, while a `set`, an `advance`, typing or a check belongs to the interaction it follows.
    public static let beginsInteraction = CommandTraits(rawValue: 1 << 3)
    /// It touches files or ends the session (`save`, `load`, `snapshot`, `quit`): the playground refuses it.
    public static let touchesFiles = CommandTraits(rawValue: 1 << 4)
    /// It puts a finger down or moves it: the outline's gesture starts at the first such line.
    public static let movesFinger = CommandTraits(rawValue: 1 << 5)
    /// It lifts the finger: the outline's gesture ends here, with what the release set off.
    public static let liftsFinger = CommandTraits(rawValue: 1 << 6)
    /// An entry of its own in the outline, without a finger (`act`).
    public static let outlined = CommandTraits(rawValue: 1 << 7)

    /// A command that only looks (or asks for help): nothing of the above.
    public static let looks: CommandTraits = []
    /// A check (`expect`, `!`): kept by `save`, acting on nothing.
    public static let checks: CommandTraits = [.kept]
    /// A command that changes the screen at once.
    public static let changes: CommandTraits = [.acts, .kept]
    /// A command that changes the screen over time.
    public static let moves: CommandTraits = [.acts, .kept, .takesTime]

    /// The traits a `!` line takes from the command inside it (it acts on nothing itself: it checks).
    static let passedThroughBang: CommandTraits = [.takesTime, .beginsInteraction, .touchesFiles]

    /// The traits as words, for the generated reference (empty for a command that only looks).
    public var words: [String] {
        var out: [String] = []
        if contains(.acts) { out.append("acts on the screen") }
        if contains(.takesTime) { out.append("moves the clock") }
        if contains(.kept) && !contains(.acts) { out.append("checks") }
        if contains(.touchesFiles) { out.append("touches files or ends the session") }
        return out
    }
}
