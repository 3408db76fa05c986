import MailboxAnimation
import MailboxSim
import MailboxText

/// One number or rule of the behaviour a script tunes: its name, the values it takes, what it does, and
/// how it reads and changes the settings. `set`, `params`, `param.NAME`, `help set` and completion read
/// these (the table is `TunableTable.all`).
public struct Tunable: Sendable {
    /// What `set` and `param.` call it: `threshold.left.near`, `curve.slide`.
    public let name: String
    public let kind: Kind
    /// What it does, for `params` and `help set`.
    public let summary: String
    /// Its value in `settings`; nil when it has no single value (`threshold.near` with the sides set apart).
    let read: @Sendable (Settings) -> TunableValue?
    /// `settings` with the value set, or why it cannot be.
    let write: @Sendable (Settings, TunableValue) throws(ScriptError) -> Settings
    /// Why the screen as it is now cannot take a change (`menu.open` while the menu is not closed).
    let refusal: (@Sendable (MailboxState) -> SettingProblem?)?
    /// Whether it sets other parameters together (`threshold.near` both sides, `icon.inset` rest and follow).
    public let isShorthand: Bool

    init(
        _ name: String, _ kind: Kind, _ summary: String,
        read: @escaping @Sendable (Settings) -> TunableValue?,
        write: @escaping @Sendable (Settings, TunableValue) throws(ScriptError) -> Settings,
        refusal: (@Sendable (MailboxState) -> SettingProblem?)? = nil, isShorthand: Bool = false
    ) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.read = read
        self.write = write
        self.refusal = refusal
        self.isShorthand = isShorthand
    }

    /// The values a parameter takes.
    public enum Kind: Equatable, Sendable {
        /// A number in `range` (`unit` names it: `pt`, `pt/s`, empty for a ratio).
        case number(ClosedRange<Double>, unit: String)
        /// Seconds, more than 0 and at most `max`.
        case duration(max: Double)
        /// Seconds, from 0 (none) to `max`.
        case delay(max: Double)
        case whole(ClosedRange<Int>)
        /// `linear`, `easeIn`, `easeOut`, `easeInOut`, `default`, `bezier X1 Y1 X2 Y2`, `spring DAMPING RESPONSE`,
        /// or a spring in another tool's notation (`SpringNotation`).
        case curve
        /// A palette name or `#RRGGBB`.
        case color
        /// `on` or `off`.
        case flag
        /// `velocity` or `position N`.
        case menuRelease
        /// A profile's name.
        case profile
        /// One of a few words (`closed` or `strict`, `fade` or `instant`).
        case choice([String])
        /// `near` or two numbers `S E` (0 ≤ S < E ≤ 320): the icon's fade.
        case fade
    }

    /// Its value now, as `param.NAME` reads it.
    public func value(in settings: Settings) throws(MailboxError) -> TunableValue {
        guard let value = read(settings) else { throw .parameterDiffersBySide(name) }
        return value
    }

    /// Its value in SPEC's settings.
    public var defaultValue: TunableValue { read(Settings())! }

    /// How `help set` writes its value: `N (1…240)`, `SECONDS`, `on|off`.
    public var synopsis: String {
        switch kind {
        case .number(let range, let unit):
            let unitText = unit.isEmpty ? "" : " " + unit
            return "N (\(formatNumber(range.lowerBound))…\(formatNumber(range.upperBound))\(unitText))"
        case .duration: return "SECONDS"
        case .delay(let max): return "SECONDS (0…\(formatNumber(max)))"
        case .whole(let range): return "N (\(range.lowerBound)…\(range.upperBound))"
        case .curve: return "CURVE"
        case .color: return "COLOUR"
        case .flag: return "on|off"
        case .menuRelease: return "velocity|position N|distance N"
        case .profile: return Profile.allCases.map({ $0.rawValue }).joined(separator: "|")
        case .choice(let words): return words.joined(separator: "|")
        case .fade: return "near|S E"
        }
    }

    /// The words completion offers first for the value.
    public var valueWords: [String] { valueWords(after: []) }

    /// The words completion offers for the value's next word, after the words `given` (a spring's
    /// notation and its keywords, `spring swiftui duration 0.5` → `bounce`).
    public func valueWords(after given: [String]) -> [String] {
        if case .curve = kind, given.first == "spring" {
            return SpringNotation.nextWords(after: Array(given.dropFirst()))
        }
        guard given.isEmpty else { return [] }
        return switch kind {
        case .curve: TimingCurve.named.map({ $0.name }) + ["bezier", "spring"]
        case .color: PaletteColor.allCases.map({ $0.rawValue })
        case .flag: ["on", "off"]
        case .menuRelease: ["velocity", "position", "distance"]
        case .profile: Profile.allCases.map({ $0.rawValue })
        case .choice(let words): words
        case .fade: ["near"]
        case .number, .duration, .delay, .whole: []
        }
    }

    /// The type `expect param.NAME` compares as.
    public var valueType: ValueType {
        switch kind {
        case .number, .duration, .delay, .whole: .number
        case .color: .color
        case .flag: .name(["on", "off"])
        case .profile: .name(Profile.allCases.map({ $0.rawValue }))
        case .choice(let words): .name(words)
        case .curve, .menuRelease, .fade: .text
        }
    }

    /// Reads the words after `set NAME` as a value of this parameter, or explains what it takes.
    public func parse(_ words: [Substring]) throws(ScriptError) -> TunableValue {
        guard let first = words.first else { throw .setting(name, .missingValue(synopsis: synopsis)) }
        func single() throws(ScriptError) -> Substring {
            guard words.count == 1 else {
                throw .setting(name, .unexpectedWord(String(words[1]), synopsis: synopsis))
            }
            return first
        }
        switch kind {
        case .number(let range, let unit):
            let number = try DecimalNumber.parse(try single()).value
            guard range.contains(number) else {
                throw .setting(name, .outOfRange(String(first), range: range, unit: unit))
            }
            return .number(number)
        case .duration(let max):
            let number = try DecimalNumber.parse(try single())
            guard let ticks = number.ticks, ticks > .zero, ticks <= Ticks(seconds: max) else {
                throw .setting(name, .durationOutOfRange(String(first), max: max))
            }
            return .duration(ticks)
        case .delay(let max):
            let number = try DecimalNumber.parse(try single())
            guard let ticks = number.ticks, ticks >= .zero, ticks <= Ticks(seconds: max) else {
                throw .setting(name, .outOfRange(String(first), range: 0...max, unit: "s"))
            }
            return .duration(ticks)
        case .whole(let range):
            let number = try DecimalNumber.parse(try single())
            guard let n = number.integer, range.contains(n) else {
                throw .setting(name, .wholeNumberOutOfRange(String(first), range: range))
            }
            return .whole(n)
        case .curve:
            return .curve(try CurveText.parse(words, for: name))
        case .color:
            let word = try single()
            if let named = PaletteColor(named: word) { return .color(named.color) }
            if let color = Color(hex: String(word)) { return .color(color) }
            throw .setting(
                name,
                .notAColour(
                    String(word), suggestion: nearest(String(word), in: PaletteColor.allCases.map({ $0.rawValue }))))
        case .flag:
            return .flag(try OnOff.read(try single(), for: name))
        case .menuRelease:
            switch first {
            case "velocity":
                _ = try single()
                return .menuRelease(.velocity)
            case "position":
                guard words.count == 2 else { throw .setting(name, .menuReleasePositionMissing) }
                let n = try DecimalNumber.parse(words[1]).value
                guard (0...Metrics.screenWidth).contains(n) else {
                    throw .setting(name, .menuReleasePositionOutOfRange(String(words[1])))
                }
                return .menuRelease(.position(n))
            case "distance":
                guard words.count == 2 else { throw .setting(name, .menuReleaseDistanceMissing) }
                let n = try DecimalNumber.parse(words[1]).value
                guard (0...Metrics.screenWidth).contains(n) else {
                    throw .setting(name, .menuReleaseDistanceOutOfRange(String(words[1])))
                }
                return .menuRelease(.distance(n))
            default:
                throw .setting(
                    name,
                    .notAMenuRelease(
                        String(first), suggestion: nearest(String(first), in: ["velocity", "position", "distance"])))
            }
        case .profile:
            let word = try single()
            guard let profile = Profile(rawValue: String(word)) else {
                let names = Profile.allCases.map({ $0.rawValue })
                throw .setting(
                    name, .unknownProfile(String(word), suggestion: nearest(String(word), in: names), profiles: names))
            }
            return .profile(profile)
        case .choice(let choices):
            let word = String(try single())
            guard choices.contains(word) else {
                throw .setting(name, .notAChoice(word, choices: choices, suggestion: nearest(word, in: choices)))
            }
            return .choice(word)
        case .fade:
            if first == "near" {
                _ = try single()
                return .fade(.near)
            }
            guard words.count == 2 else { throw .setting(name, .fadeRange) }
            let start = try DecimalNumber.parse(words[0]).value
            let end = try DecimalNumber.parse(words[1]).value
            guard start >= 0, start < end, end <= Metrics.screenWidth else { throw .setting(name, .fadeRange) }
            return .fade(.range(start: start, end: end))
        }
    }
}

/// Curves as `set curve.NAME` writes them.
enum CurveText {
    /// `easeInOut`, `bezier X1 Y1 X2 Y2` (or `bezier(X1,Y1,X2,Y2)`), `spring DAMPING RESPONSE`.
    static func parse(_ words: [Substring], for name: String) throws(ScriptError) -> TimingCurve {
        var words = words
        // `bezier(0.1,0.2,0.3,1)` and `spring(0.7,0.4)`, as param.NAME reads them, are read back too.
        if words.count == 1, let open = words[0].firstIndex(of: "("), words[0].hasSuffix(")") {
            let head = words[0][..<open]
            let inner = words[0][words[0].index(after: open)..<words[0].index(before: words[0].endIndex)]
            words = [head] + inner.split(separator: ",", omittingEmptySubsequences: false)
        }
        let head = words[0]
        let numbers = words.dropFirst()
        if let named = TimingCurve.named.first(where: { $0.name == head }) {
            if let extra = numbers.first {
                throw .setting(name, .curveTakesNoNumbers(curve: String(head), got: String(extra)))
            }
            return named.curve
        }
        func read(_ count: Int, _ form: CurveForm) throws(ScriptError) -> [Double] {
            guard numbers.count == count else { throw .setting(name, .curveArity(form)) }
            var values: [Double] = []
            for word in numbers { values.append(try DecimalNumber.parse(word).value) }
            return values
        }
        switch head {
        case "bezier":
            let v = try read(4, .bezier)
            guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
                throw .setting(name, .bezierTimeRange(x1: v[0], x2: v[2]))
            }
            guard v.allSatisfy({ abs($0) <= 100 }) else { throw .setting(name, .bezierValueRange) }
            return .bezier(CubicBezier(v[0], v[1], v[2], v[3]))
        case "spring":
            if let tool = numbers.first, tool.first?.isLetter == true {
                return .spring(try SpringText.parse(tool: tool, Array(numbers.dropFirst()), for: name))
            }
            let v = try read(2, .spring)
            guard v[0] > 0, v[0] <= 100 else { throw .setting(name, .springDampingRange(v[0])) }
            guard v[1] >= 0.01, v[1] <= 60 else { throw .setting(name, .springResponseRange(v[1])) }
            return .spring(Spring(dampingRatio: v[0], response: v[1]))
        default:
            let names = TimingCurve.named.map({ $0.name }) + ["bezier", "spring"]
            throw .setting(name, .unknownCurve(String(head), suggestion: nearest(String(head), in: names)))
        }
    }
}
