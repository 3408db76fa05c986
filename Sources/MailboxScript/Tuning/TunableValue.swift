import MailboxAnimation
import MailboxSim
import MailboxText

/// The value of a tunable parameter: what `set NAME VALUE...` writes, `params` lists and `param.NAME` reads.
public enum TunableValue: Equatable, Sendable {
    /// Points, points a second, or a plain number.
    case number(Double)
    /// Seconds, kept in ticks.
    case duration(Ticks)
    case whole(Int)
    case curve(TimingCurve)
    case color(Color)
    case flag(Bool)
    case menuRelease(MenuRelease)
    case profile(Profile)
    /// One word of a parameter's few (`strict`, `instant`).
    case choice(String)
    case fade(IconFade)

    /// How `set` writes it, so that it reads back as this value: `60`, `0.3`, `easeInOut`,
    /// `bezier 0.1 0.2 0.3 1`, `spring 0.7 0.4`, `#FECA16`, `on`, `position 285`, `mcswipe`.
    public var scriptText: String {
        switch self {
        case .number(let v): formatExact(v)
        case .duration(let t): t.decimalSeconds
        case .whole(let n): String(n)
        case .curve(let curve): TunableValue.words(of: curve).joined(separator: " ")
        case .color(let c): c.hex
        case .flag(let on): on ? "on" : "off"
        case .menuRelease(let rule): rule.text
        case .profile(let p): p.rawValue
        case .choice(let word): word
        case .fade(.near): "near"
        case .fade(.range(let start, let end)): "\(formatExact(start)) \(formatExact(end))"
        }
    }

    /// What `expect param.NAME` and `show` read: numbers as numbers (durations in seconds), colours as
    /// colours, the rest as one word (`spring(0.7,0.4)`, `position(285)`).
    public var value: Value {
        switch self {
        case .number(let v): .number(v)
        case .duration(let t): .number(t.seconds)
        case .whole(let n): .number(Double(n))
        case .color(let c): .color(c)
        case .curve, .flag, .menuRelease, .profile, .choice, .fade: .name(oneWord)
        }
    }

    /// The value as one word: `easeInOut`, `bezier(0.1,0.2,0.3,1)`, `spring(0.7,0.4)`, `position(285)`.
    public var oneWord: String {
        switch self {
        case .curve(let curve):
            let words = TunableValue.words(of: curve)
            return words.count == 1 ? words[0] : "\(words[0])(\(words.dropFirst().joined(separator: ",")))"
        case .menuRelease(.position(let n)): return "position(\(formatExact(n)))"
        case .menuRelease(.distance(let n)): return "distance(\(formatExact(n)))"
        case .fade(.range(let start, let end)): return "range(\(formatExact(start)),\(formatExact(end)))"
        default: return scriptText
        }
    }

    /// A curve as `set` writes it, word by word: a named Bézier by its name.
    static func words(of curve: TimingCurve) -> [String] {
        switch curve {
        case .bezier(let b):
            if let named = TimingCurve.named.first(where: { $0.curve == curve }) { return [named.name] }
            return ["bezier"] + [b.x1, b.y1, b.x2, b.y2].map(formatExact)
        case .spring(let s):
            return ["spring", formatExact(s.dampingRatio), formatExact(s.response)]
        }
    }
}
