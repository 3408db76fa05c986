import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim
import MailboxText

/// What one parameter becomes in the token file (Design Tokens Format Module 2025.10, designtokens.org/TR/2025.10).
///
/// Each with a `$description`, its `help set` summary:
/// - points (`threshold.left.near`, `icon.rest`, `menu.open`…): `dimension`, `{"value": 60, "unit": "px"}`
///   (§ Types, Dimension; 1 pt = 1 px, see `TokenUnits`);
/// - points a second (`escape.velocity`): `number`, the description saying pt/s: the format has no velocity type
///   (§ Types, Number);
/// - ratios (`elasticity`) and whole numbers (`undo.depth`): `number`;
/// - durations and delays: `duration` in milliseconds, `{"value": 300, "unit": "ms"}` (§ Types, Duration);
/// - Bézier curves, named ones too: `cubicBezier`, `[x1, y1, x2, y2]` (§ Types, Cubic Bézier);
/// - colours: `color`, `{"colorSpace": "srgb", "components": [r, g, b], "hex": "#rrggbb"}`, components 0…1
///   (Color Module 2025.10, § Color type, Format);
/// - springs: a group, not a token (see `spring`);
/// - on/off, one word of a few, `menu.release`, `icon.fade`: a group holding the value under `$extensions`
///   (see `extensionOnly`).
///
/// Every token carries its `$type`: the format says a token without one (and no group's to inherit) is invalid
/// (§ Types; § Design token, Type).
struct DesignToken {
    let parameter: Interaction.Parameter

    init(_ parameter: Interaction.Parameter) { self.parameter = parameter }

    /// The key under which mailsim's own data goes in `$extensions` (§ Design token, Extensions: a vendor-specific
    /// key, reverse domain name notation recommended).
    static let vendor = "com.mailsim"

    /// The token or group, to be put at the path of the parameter's name.
    var entry: TokenTree {
        let summary = parameter.summary
        switch parameter.value {
        case .number(let n):
            guard case .number(_, let unit) = parameter.kind else { return number(n, summary) }
            switch unit {
            case "pt": return .token(typed("dimension", DesignToken.pixels(n), summary + ". In points (1 pt = 1 px)"))
            case "": return number(n, summary)
            case "pt/s": return number(n, summary + ". In pt/s (points a second): the format has no velocity type")
            default: return number(n, summary + ". In \(unit): the format has no type for it")
            }
        case .whole(let n): return .token(typed("number", .int(n), summary))
        case .duration(let span):
            return .token(typed("duration", DesignToken.milliseconds(TokenUnits.milliseconds(span)), summary))
        case .curve(.bezier(let b)):
            var description = summary
            if let named = TimingCurve.named.first(where: { $0.curve == .bezier(b) }) {
                description += ". The curve \(named.name)"
            }
            return .token(typed("cubicBezier", .array([b.x1, b.y1, b.x2, b.y2].map(JSON.number)), description))
        case .curve(.spring(let s)): return spring(s, summary)
        case .color(let c): return .token(typed("color", DesignToken.color(c), summary))
        case .flag(let on): return extensionOnly(.bool(on), summary, "on or off")
        case .choice(let word): return extensionOnly(.string(word), summary, "one of a few words")
        case .profile(let p): return extensionOnly(.string(p.rawValue), summary, "a profile's name")
        case .menuRelease(let rule):
            let value: JSON =
                switch rule {
                case .velocity: .string("velocity")
                case .position(let x): .object([("position", DesignToken.pixels(x))])
                case .distance(let d): .object([("distance", DesignToken.pixels(d))])
                }
            return extensionOnly(value, summary, "a rule")
        case .fade(let fade):
            let value: JSON =
                switch fade {
                case .near: .string("near")
                case .range(let start, let end):
                    .object([("start", DesignToken.pixels(start)), ("end", DesignToken.pixels(end))])
                }
            return extensionOnly(value, summary, "a rule")
        }
    }

    private func number(_ n: Double, _ description: String) -> TokenTree {
        .token(typed("number", .number(n), description))
    }

    private func typed(_ type: String, _ value: JSON, _ description: String) -> [(String, JSON)] {
        [("$type", .string(type)), ("$value", value), ("$description", .string(description))]
    }

    /// A spring, which the format has no type for (its transition and cubicBezier types are Béziers only), and
    /// which no token can therefore hold: a token's `$type` MUST be one of the format's (§ Types). So the parameter
    /// is a group (§ Groups) of two tokens the format does type, `damping-ratio` (`number`) and `response`
    /// (`duration`, the undamped period), with the whole spring, stiffness and damping too, as a composite under
    /// the group's `$extensions` (which groups may carry, § Groups, Group Properties):
    /// `"com.mailsim.spring": {"dampingRatio": 0.7, "response": 0.4, "stiffness": …, "damping": …, "mass": 1}`,
    /// response in seconds, stiffness (2π/response)², damping 4π·ratio/response (SwiftUI's and UIKit's
    /// definition, mass 1). The two tokens carry what the spring is, so the extension stays the optional data the
    /// format wants extensions to be (§ Design token, Extensions), and a tool that reads only tokens (Style
    /// Dictionary) still gets the numbers. No Bézier stands in for the spring: none moves like one.
    private func spring(_ spring: Spring, _ summary: String) -> TokenTree {
        let composite: JSON = .object([
            ("dampingRatio", .number(spring.dampingRatio)), ("response", .number(spring.response)),
            ("stiffness", .number(spring.stiffness)), ("damping", .number(spring.damping)), ("mass", .int(1))
        ])
        let description =
            summary + ". A spring (damping ratio \(formatExact(spring.dampingRatio)), response "
            + "\(formatExact(spring.response)) s): the format has no spring type, so its damping ratio and response "
            + "are tokens of this group, and the whole spring is under $extensions, \(DesignToken.vendor).spring"
        let ratio = typed(
            "number", .number(spring.dampingRatio), "damping ratio: 1 settles without overshoot, less overshoots")
        let response = typed(
            "duration", DesignToken.milliseconds(TokenUnits.milliseconds(seconds: spring.response)),
            "response: the period of the undamped spring")
        return TokenTree(
            properties: [
                ("$description", .string(description)),
                ("$extensions", .object([(DesignToken.vendor + ".spring", composite)]))
            ],
            children: [("damping-ratio", .token(ratio)), ("response", .token(response))])
    }

    /// A value the format has no type for (it has no boolean and no string type, § Types): a group (§ Groups) with
    /// no tokens, the value under its `$extensions` as `"com.mailsim.value"` (`true`, `"strict"`, `"velocity"`,
    /// `{"position": {"value": 285, "unit": "px"}}`, `{"start": …, "end": …}`), and its description saying what
    /// `set` writes, so that no parameter is missing from the file and a tool keeps the value (tools MUST preserve
    /// extension data they do not understand, § Design token, Extensions).
    private func extensionOnly(_ value: JSON, _ summary: String, _ what: String) -> TokenTree {
        let description =
            summary + ". The format has no type for \(what): the value is under $extensions, \(DesignToken.vendor)"
            + ".value (set \(parameter.name) \(parameter.value.scriptText))"
        return TokenTree(properties: [
            ("$description", .string(description)),
            ("$extensions", .object([(DesignToken.vendor + ".value", value)]))
        ])
    }

    /// `{"value": 60, "unit": "px"}`.
    static func pixels(_ points: Double) -> JSON { .object([("value", .number(points)), ("unit", .string("px"))]) }

    /// `{"value": 300, "unit": "ms"}`.
    static func milliseconds(_ ms: Double) -> JSON { .object([("value", .number(ms)), ("unit", .string("ms"))]) }

    /// `{"colorSpace": "srgb", "components": [0.996…, 0.792…, 0.086…], "hex": "#feca16"}`.
    static func color(_ c: Color) -> JSON {
        .object([
            ("colorSpace", .string("srgb")),
            ("components", .array([c.red, c.green, c.blue].map { .number(TokenUnits.component($0)) })),
            ("hex", .string(TokenUnits.hex(c)))
        ])
    }
}
