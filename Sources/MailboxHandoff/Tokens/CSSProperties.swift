import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// The parameters as CSS custom properties on `:root`, what `mailsim export css` writes.
///
/// - Names: `--mailsim-` and the `help set` name with its dots as dashes: `threshold.left.near` →
///   `--mailsim-threshold-left-near`, `compose.draft-alert` → `--mailsim-compose-draft-alert`.
/// - Values, the same numbers as the token file (`TokenUnits`): points as `px` (`60px`, 1 pt = 1 px), points a
///   second and ratios as plain numbers (`0`, `1`), durations and delays in `ms` (`300ms`, `0ms`), Bézier curves
///   as `cubic-bezier(0.42, 0, 0.58, 1)`, colours as `#feca16`; on/off and words as the word `set` takes (`on`,
///   `strict`); `menu.release` and `icon.fade` as `set` writes them with lengths in px (`velocity`,
///   `position 285px`, `near`, `40px 120px`). Numbers are the shortest decimals that read back as the same double
///   (`formatExact`), never with an exponent.
/// - Springs: CSS has no spring timing function, and no `cubic-bezier()` moves like one, so a spring is two
///   properties, `--mailsim-curve-slide-damping-ratio: 0.7` and `--mailsim-curve-slide-response: 400ms`, and a
///   comment with its stiffness and damping; `--mailsim-curve-slide` itself is not written.
/// - A comment first names the profile and what was tuned (`Interaction.origin`), and one above each property
///   says what it does (`help set`'s summary). No date; a line break at the end.
struct CSSProperties {
    let interaction: Interaction

    init(_ interaction: Interaction) { self.interaction = interaction }

    /// The file's text.
    var text: String {
        var out = "/* The Mailbox swipe interaction's parameters as CSS custom properties, written by mailsim.\n"
        for line in interaction.origin { out += "   \(CSSProperties.commentSafe(line))\n" }
        out += "   Lengths in px (1 pt = 1 px), times in ms. Springs have no CSS timing function: each is written\n"
        out += "   as its damping ratio and response (-damping-ratio, -response). */\n"
        out += ":root {\n"
        for parameter in interaction.parameters {
            out += "  /* \(parameter.name): \(CSSProperties.commentSafe(parameter.summary)) */\n"
            if case .curve(.spring(let spring)) = parameter.value {
                out += "  /* a spring: stiffness \(formatExact(spring.stiffness)), damping "
                out += "\(formatExact(spring.damping)), mass 1 */\n"
            }
            for (name, value) in CSSProperties.declarations(parameter) { out += "  \(name): \(value);\n" }
        }
        out += "}\n"
        return out
    }

    /// The property's name: `threshold.left.near` → `--mailsim-threshold-left-near`.
    static func propertyName(_ name: String) -> String {
        "--mailsim-" + String(name.map { $0 == "." ? "-" : $0 })
    }

    /// The properties one parameter is written as (two for a spring, one otherwise), with their values.
    static func declarations(_ parameter: Interaction.Parameter) -> [(name: String, value: String)] {
        let name = propertyName(parameter.name)
        switch parameter.value {
        case .number(let n):
            if case .number(_, unit: "pt") = parameter.kind { return [(name, pixels(n))] }
            return [(name, formatExact(n))]
        case .whole(let n): return [(name, String(n))]
        case .duration(let span): return [(name, milliseconds(TokenUnits.milliseconds(span)))]
        case .curve(.bezier(let b)):
            return [(name, "cubic-bezier(\([b.x1, b.y1, b.x2, b.y2].map(formatExact).joined(separator: ", ")))")]
        case .curve(.spring(let s)):
            return [
                (name + "-damping-ratio", formatExact(s.dampingRatio)),
                (name + "-response", milliseconds(TokenUnits.milliseconds(seconds: s.response)))
            ]
        case .color(let c): return [(name, TokenUnits.hex(c))]
        case .flag, .choice, .profile: return [(name, parameter.value.scriptText)]
        case .menuRelease(.velocity): return [(name, "velocity")]
        case .menuRelease(.position(let x)): return [(name, "position " + pixels(x))]
        case .menuRelease(.distance(let d)): return [(name, "distance " + pixels(d))]
        case .fade(.near): return [(name, "near")]
        case .fade(.range(start: let start, end: let end)): return [(name, pixels(start) + " " + pixels(end))]
        }
    }

    private static func pixels(_ points: Double) -> String { formatExact(points) + "px" }

    private static func milliseconds(_ ms: Double) -> String { formatExact(ms) + "ms" }

    /// `text` as it can stand inside a comment: a `*/` in it would end the comment.
    static func commentSafe(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if character == "/" && previous == "*" { out += " " }
            out.append(character)
            previous = character
        }
        return out
    }
}
