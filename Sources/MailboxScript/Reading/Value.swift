import MailboxAnimation
import MailboxSim
import MailboxText

/// A value read from the screen or written in an `expect`.
public enum Value: Equatable, Sendable {
    case number(Double)
    case bool(Bool)
    /// A colour and its name in the palette in force where it was read or written (`set color.red #FECA16`
    /// makes #FECA16 `red`); nil when no palette name shows it. Two colours are equal by their RGB alone.
    case color(Color, name: PaletteColor? = nil)
    case name(String)

    /// A colour read where `palette` is in force, named by it (`preferring` the name it was drawn as).
    public static func color(_ color: Color, in palette: Palette, preferring: PaletteColor? = nil) -> Value {
        .color(color, name: palette.name(of: color, preferring: preferring))
    }

    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): x == y
        case let (.bool(x), .bool(y)): x == y
        case let (.color(x, _), .color(y, _)): x == y
        case let (.name(x), .name(y)): x == y
        default: false
        }
    }

    /// How it prints: `-320`, `true`, `yellow #FECA16`, `archive`; text as a script writes it (`"hello world"`
    /// in quotes, `ValueQuoting`), so that what a report prints can be copied into an `expect`.
    public var description: String {
        switch self {
        case .number(let v): formatNumber(v)
        case .bool(let b): b ? "true" : "false"
        case let .color(c, name): name.map { "\($0.rawValue) \(c.hex)" } ?? c.hex
        case .name(let n): ValueQuoting.word(n)
        }
    }

    /// How a script writes it so that it reads back as exactly this value: numbers in the shortest exact
    /// decimal (SPEC §6), colours by palette name when they are one (`yellow`), else `#RRGGBB`, text bare when
    /// it is one plain word and quoted otherwise (`ValueQuoting`). What `save --expect`, `pin`, the editor's
    /// "Pin the state here" and `mailsim test --update` write: the one place an expected value is written.
    public var scriptText: String {
        switch self {
        case .number(let v): formatExact(v)
        case let .color(c, name): name?.rawValue ?? c.hex
        case .bool, .name: description
        }
    }

    /// Reads `text` as a value of `type`, or explains what the path takes instead.
    public static func parse(_ text: Substring, as type: ValueType, for path: PropertyPath) throws(ScriptError) -> Value
    {
        switch type {
        case .number:
            return .number(try DecimalNumber.parse(text).value)
        case .text:
            return .name(String(text))
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw .notABool(path: path.name, text: String(text))
            }
        case .color:
            if let named = PaletteColor(named: text) { return .color(named.color, name: named) }
            if let color = Color(hex: String(text)) { return .color(color, name: PaletteColor.named(color)) }
            throw .notAColour(
                String(text), suggestion: nearest(String(text), in: PaletteColor.allCases.map({ $0.rawValue })))
        case .name(let names):
            if names.contains(String(text)) { return .name(String(text)) }
            throw .notOneOf(
                path: path.name, names: names, text: String(text), suggestion: nearest(String(text), in: names))
        }
    }
}

/// An `expect` operator.
public enum Comparison: String, CaseIterable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    public var isEquality: Bool { self == .equal || self == .notEqual }
}

/// `expect PATH OP VALUE [within TOL]`, parsed and checked against the path's type.
public struct Expectation: Equatable, Sendable {
    public let path: PropertyPath
    public let comparison: Comparison
    public let expected: Value
    /// For numeric `==` and `!=`: how far apart still counts as equal.
    public let tolerance: Double
    /// How the line wrote it: kept in pieces, and put together only for a failure message.
    private let written: Written
    /// The palette name the value was written as (`yellow`), if it was one: it stands for the colour that name
    /// has where the check runs (`set color.yellow #FFD700` makes `yellow` mean #FFD700). Read once, here.
    let paletteName: PaletteColor?

    private enum Written: Sendable {
        /// The value as written and the tolerance's text after `within`, if any.
        case value(Substring, within: String?)
        /// The same, a short value read from a line's bytes kept inline (a number, most often).
        case short(ShortASCII, within: String?)
    }

    public static let defaultTolerance = 0.001

    /// An expectation whose text is `PATH OP VALUE`, plus ` within TOLERANCE` when a tolerance was written.
    init(
        path: PropertyPath, comparison: Comparison, expected: Value, tolerance: Double, value: Substring,
        within: String?
    ) {
        let named = Parser.unquoted(value).map { $0[...] } ?? value
        let paletteName: PaletteColor? = if case .color = expected { PaletteColor(named: named) } else { nil }
        self.init(
            path: path, comparison: comparison, expected: expected, tolerance: tolerance,
            written: .value(value, within: within), paletteName: paletteName)
    }

    /// An expectation whose value was written as `value`, a short word: a number, a name, `true`, or a palette
    /// name (`expected`'s, which it then stands for).
    init(
        path: PropertyPath, comparison: Comparison, expected: Value, tolerance: Double, short value: ShortASCII,
        within: String?
    ) {
        let paletteName: PaletteColor? = if case .color(_, let name) = expected { name } else { nil }
        self.init(
            path: path, comparison: comparison, expected: expected, tolerance: tolerance,
            written: .short(value, within: within), paletteName: paletteName)
    }

    private init(
        path: PropertyPath, comparison: Comparison, expected: Value, tolerance: Double, written: Written,
        paletteName: PaletteColor?
    ) {
        self.path = path
        self.comparison = comparison
        self.expected = expected
        self.tolerance = tolerance
        self.written = written
        self.paletteName = paletteName
    }

    /// `msg1.x == -320 within 0.5`, as written, for the failure message.
    public var text: String {
        var text = "\(path.name) \(comparison.rawValue) \(writtenValue)"
        if let within = writtenWithin { text += " within " + within }
        return text
    }

    /// The value as the line wrote it (`yellow`, `-320`, `"hello world"`).
    public var writtenValue: String {
        switch written {
        case .value(let text, _): String(text)
        case .short(let text, _): text.string
        }
    }

    /// The tolerance's text after `within`, when the line wrote one.
    public var writtenWithin: String? {
        switch written {
        case .value(_, let within), .short(_, let within): within
        }
    }

    public static func == (a: Expectation, b: Expectation) -> Bool {
        a.path == b.path && a.comparison == b.comparison && a.expected == b.expected && a.tolerance == b.tolerance
            && a.text == b.text
    }

    /// True when `actual` satisfies the expectation, a palette name standing for its colour in `palette`
    /// (`set color.yellow #FFD700` makes `yellow` mean #FFD700).
    public func holds(for actual: Value, palette: Palette) -> Bool {
        holds(for: actual, paletteColor: paletteName.map { palette[$0] })
    }

    /// `holds(for:palette:)` given the one colour of the palette it needs: the colour of `paletteName` there, if
    /// the value was written as one (so that the whole palette is not copied for every check).
    func holds(for actual: Value, paletteColor: Color?) -> Bool {
        guard let paletteColor, case .color(let a, _) = actual else { return holds(for: actual) }
        return (a.rgb == paletteColor.rgb) == (comparison == .equal)
    }

    /// True when `actual` satisfies the expectation.
    public func holds(for actual: Value) -> Bool {
        switch (actual, expected) {
        case let (.number(a), .number(e)):
            switch comparison {
            case .equal: return abs(a - e) <= tolerance
            case .notEqual: return abs(a - e) > tolerance
            case .less: return a < e
            case .lessOrEqual: return a <= e
            case .greater: return a > e
            case .greaterOrEqual: return a >= e
            }
        case let (.color(a, _), .color(e, _)):
            return (a.rgb == e.rgb) == (comparison == .equal)
        default:
            return (actual == expected) == (comparison == .equal)
        }
    }
}
