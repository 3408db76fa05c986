import MailboxAnimation
import MailboxText

/// The exported Swift set's decisions, types and curves that are code rather than tables: the templates of
/// Sources/MailboxHandoff/Templates (Swift files of their own), filled with the type's name, the model's numbers and
/// its embedded rules and curve arithmetic. The differential test (MailboxHandoffTests) runs them against the model.
enum SwiftDecisions {
    /// The decisions (Templates/Decisions.swift), in extensions of the parameters enum `typeName`.
    static func functions(typeName: String) -> String {
        Template.swiftDecisions.filledOrStop(["typeName": typeName])
    }

    /// The model's gesture rules (Templates/Rules.swift around `EmbeddedRules`), which the decisions call.
    static func rules(typeName: String) -> String {
        Template.swiftRules.filledOrStop(["typeName": typeName, "rules": EmbeddedRules.text(indent: "    ")])
    }

    /// The types whose shape the decisions fix (Templates/Types.swift): colour, curve, motion and the answers; a
    /// motion's settling distances and speeds are the model's (`Spring.Tolerance`).
    static func fixedTypes(typeName: String) -> String {
        var values = settleValues
        values["typeName"] = typeName
        return Template.swiftTypes.filledOrStop(values)
    }

    /// The curves (Templates/Curves.swift) around the model's curve arithmetic (`EmbeddedCurveMath`).
    static func curves(typeName: String) -> String {
        Template.swiftCurves.filledOrStop([
            "typeName": typeName, "curveMath": EmbeddedCurveMath.text(indent: "    "),
            "fastestInitialVelocity": formatExact(Spring.fastestInitialVelocity),
            "longestSettlingDuration": formatExact(Spring.longestSettlingDuration)
        ])
    }

    /// When a spring on a position or size (`Spring.Tolerance.points`) and on an alpha (`.alpha`) counts as
    /// settled, in the templates of both languages.
    static let settleValues: [String: String] = [
        "pointsSettleDistance": formatExact(Spring.Tolerance.points.position),
        "pointsSettleSpeed": formatExact(Spring.Tolerance.points.velocity),
        "alphaSettleDistance": formatExact(Spring.Tolerance.alpha.position),
        "alphaSettleSpeed": formatExact(Spring.Tolerance.alpha.velocity)
    ]
}
