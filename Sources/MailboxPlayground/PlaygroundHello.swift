import MailboxJSON
import MailboxScript
import MailboxSim

/// The `hello` message: version, limits, the parameter table, the profiles and the overlays' options.
enum PlaygroundHello {
    /// The protocol's version.
    static let version = 1

    static func message() -> ServerMessage {
        let settings = Settings()
        return .hello(
            .object([
                ("version", .int(version)),
                (
                    "limits",
                    .object([
                        ("messageBytes", .int(PlaygroundLimits.messageBytes)),
                        ("messagesPerSecond", .int(PlaygroundLimits.messagesPerSecond)),
                        ("scriptBytes", .int(PlaygroundLimits.scriptBytes)),
                        ("scriptLines", .int(PlaygroundLimits.scriptLines))
                    ])
                ),
                ("params", .array(TunableTable.all.map { param($0, settings) })),
                ("profiles", .array(Profile.allCases.map { .string($0.rawValue) })),
                ("options", .object(OverlayKind.allCases.map { ($0.rawValue, .array($0.options.map(JSON.string))) }))
            ]))
    }

    static func param(_ tunable: Tunable, _ settings: Settings) -> JSON {
        var kind = ""
        var min = JSON.null
        var max = JSON.null
        var unit = ""
        switch tunable.kind {
        case let .number(range, u):
            kind = "number"
            min = .number(range.lowerBound)
            max = .number(range.upperBound)
            unit = u
        case .duration(let m):
            kind = "duration"
            min = .number(0)
            max = .number(m)
            unit = "s"
        case .whole(let range):
            kind = "whole"
            min = .int(range.lowerBound)
            max = .int(range.upperBound)
        case .curve: kind = "curve"
        case .color: kind = "color"
        case .flag: kind = "flag"
        case .menuRelease: kind = "menuRelease"
        case .profile: kind = "profile"
        case .delay(let m):
            kind = "duration"
            min = .number(0)
            max = .number(m)
            unit = "s"
        case .choice: kind = "choice"
        case .fade: kind = "fade"
        }
        return .object([
            ("name", .string(tunable.name)), ("kind", .string(kind)), ("min", min), ("max", max),
            ("unit", .string(unit)), ("default", .string(tunable.defaultValue.scriptText)),
            ("value", .string(TunableTable.shown(tunable, in: settings))), ("help", .string(tunable.summary)),
            ("choices", .array(tunable.valueWords.map(JSON.string)))
        ])
    }
}
