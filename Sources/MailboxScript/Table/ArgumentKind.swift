import MailboxSim
import MailboxText

/// What an argument of a command is: it decides how the argument parses, how `help` names it, and what
/// tab completion offers in its place.
public enum ArgumentKind: Equatable, Sendable {
    /// `msgN` or `content`.
    case panTarget
    /// `msgN`.
    case message
    /// A translation in points.
    case distance
    /// Points per second, at most `max` either way.
    case velocity(max: Double)
    /// Seconds, at most `max`.
    case duration(max: Double)
    /// `compose`, `menu`, `cancel`, `undo` or `segment NAME` (two words).
    case tapTarget
    /// An option on the overlay that is up.
    case overlayOption
    /// The rest of the line, as typed.
    case text
    /// A whole number in a range.
    case wholeNumber(ClosedRange<Int>)
    /// A tunable parameter's name: `fps`, `threshold.left.near`.
    case setting
    /// The value of the parameter named before it: the rest of the line (`bezier 0.1 0.2 0.3 1`).
    case settingValue
    /// `later`, `list`, `archive` or `delete`.
    case accessibilityAction
    /// One of these words (`near` or `far`): the synopsis writes them as its name's alternatives.
    case choice([String])
    /// A property path.
    case path
    /// A property path, or the start of one (`msg1`, `msg1.icon`).
    case pathPrefix
    /// An `expect` operator.
    case comparison
    /// A value of the path before it.
    case value
    /// A non-negative tolerance.
    case tolerance
    /// What `timeline` can be narrowed to: `msg1`, `overlay`, `screen`.
    case subject
    /// A file name.
    case file
    /// A format `export` writes (`ExportFormat`): `swift`, `js`, `tokens`, `css`.
    case exportFormat
    /// A command name.
    case commandName
    /// A whole command line.
    case command
}

/// The name of a command's parameter, as its synopsis writes it and as builders read it.
public enum ArgumentName: String, Equatable, Sendable {
    case target = "TARGET"
    case dx = "DX"
    case seconds = "S"
    case velocity = "VX"
    case option = "OPTION"
    case text = "TEXT"
    case count = "N"
    case name = "NAME"
    case value = "VALUE"
    case message = "msgN"
    case action = "ACTION"
    case path = "PATH"
    case file = "FILE"
    case op = "OP"
    case tolerance = "TOL"
    case command = "COMMAND"
    case json = "--json"
    case expect = "--expect"
    case force = "--force"
    case format = "FORMAT"
    case reach = "near|far"
    case side = "left|right"
}

/// One argument in a command's synopsis.
public struct Parameter: Equatable, Sendable {
    public let key: ArgumentName
    /// How the synopsis names it: `TARGET`, `DX`, `S`.
    public var name: String { key.rawValue }
    public let kind: ArgumentKind
    public let optional: Bool
    /// A word that must come before it (`in S`, `within TOL`), or a flag's own spelling (`--expect`).
    public let keyword: String?
    /// True for a flag: the keyword alone, no value.
    public let isFlag: Bool

    public static func required(_ key: ArgumentName, _ kind: ArgumentKind) -> Parameter {
        Parameter(key: key, kind: kind, optional: false, keyword: nil, isFlag: false)
    }
    public static func optional(_ key: ArgumentName, _ kind: ArgumentKind, after keyword: String? = nil) -> Parameter {
        Parameter(key: key, kind: kind, optional: true, keyword: keyword, isFlag: false)
    }
    public static func flag(_ key: ArgumentName) -> Parameter {
        Parameter(key: key, kind: .text, optional: true, keyword: key.rawValue, isFlag: true)
    }

    /// `TARGET`, `[in S]`, `[--expect]`.
    public var synopsis: String {
        let core = isFlag ? name : keyword.map { "\($0) \(name)" } ?? name
        return optional ? "[\(core)]" : core
    }
}

/// A command's argument: parsed from a line before the command's builder turns the list into a `Command`, or
/// taken from a built command (`CommandSpec.arguments`) to be printed and held to its bounds.
public enum ArgumentValue: Equatable, Sendable {
    case number(ArgumentNumber)
    case word(Substring)
    case panTarget(PanTarget)
    case tapTarget(TapTarget)
    case path(PropertyPath)
    case comparison(Comparison)
    case flag
    case command(Command, text: String)

    /// A word argument of `text`.
    static func text(_ text: String) -> ArgumentValue { .word(text[...]) }

    /// A flag given (`.flag`) or left out (nil).
    static func present(_ given: Bool) -> ArgumentValue? { given ? .flag : nil }

    /// The words a script line holds for it as `parameter`'s value (a flag's spelling, a keyword before its value),
    /// which read back as the same argument.
    func scriptText(as parameter: Parameter) -> String {
        if parameter.isFlag { return parameter.name }
        let value: String
        switch self {
        case .number(let number): value = number.scriptText
        case .word(let word):
            // A text parameter (`type`'s) is the rest of the line: quoted when bare it would read otherwise.
            value =
                parameter.kind == .text && !Command.typesBare(String(word))
                ? ValueQuoting.quote(String(word)) : String(word)
        case .panTarget(let target): value = target.name
        case .tapTarget(let target): value = target.name
        case .path(let path): value = path.name
        case .comparison(let comparison): value = comparison.rawValue
        case .flag: value = parameter.name
        case .command(_, let text): value = text
        }
        return parameter.keyword.map { $0 + " " + value } ?? value
    }
}
