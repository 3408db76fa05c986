import MailboxAnimation
import MailboxSim
import MailboxText

/// The ES module's tables and code: the geometry, the zone table and the palette's names generated from the model's
/// constants and enums; the decisions and curves, the one hand port of the model's rules (Sources/MailboxSim/Rules,
/// CurveMath), are the templates Templates/decisions.js and curves.js, held to the model by the differential run.
enum JavaScriptDecisions {
    static let geometry = """

        // Geometry (SPEC §1), not tunable.

        /**
         * The screen's width in points: where an icon is pinned from, and (with slideOvershoot) where a released row
         * slides to.
         */
        export const screenWidth = \(formatExact(Metrics.slideDistance));
        /** A message row's height in points: what a hide collapses and an undo opens. */
        export const rowHeight = \(formatExact(Metrics.rowHeight));
        /** The largest spring initial velocity, in distances a second either way (mailsim's bound). */
        export const fastestInitialVelocity = \(formatExact(Spring.fastestInitialVelocity));
        /** The longest a spring lasts, in seconds: one still moving then ends there, at its target. */
        export const longestSettlingDuration = \(formatExact(Spring.longestSettlingDuration));

        """

    /// Every zone: the colour's name, the icon, the level and side, and what a release does (from `SwipeZone`).
    static var zoneTable: String {
        var out = """

            /**
             * The zones a row's offset x falls in, and what each shows and does: background (a palette name), icon,
             * level (thresholds out from rest, signed by side), side (-1 left, +1 right, 0 at rest), outcome of a
             * release.
             */
            export const zones = Object.freeze({

            """
        for zone in SwipeZone.allCases {
            let outcome: String
            switch zone.releaseOutcome {
            case .snapBack: outcome = "{ kind: \"snapBack\" }"
            case .options(let kind): outcome = "{ kind: \"options\", options: \"\(kind.rawValue)\" }"
            case .hide(let folder): outcome = "{ kind: \"hide\", folder: \"\(folder.rawValue)\" }"
            }
            out +=
                "  \(zone.rawValue): Object.freeze({ background: \"\(zone.background.rawValue)\", "
                + "icon: \"\(zone.icon.rawValue)\", "
                + "level: \(zone.level), side: \(formatExact(zone.side)), outcome: Object.freeze(\(outcome)) }),\n"
        }
        return out + "});\n"
    }

    /// The palette's names and the colour each has in the parameters.
    static var palette: String {
        var out = "\n/** The colour of each palette name, as set now. */\nexport const palette = Object.freeze({\n"
        for color in PaletteColor.allCases {
            out += "  \(color.rawValue): \(Interaction.identifier("color.\(color.rawValue)")),\n"
        }
        return out + "});\n"
    }

    /// The names of the tables the parameters module holds after the parameters.
    static let tableNames = [
        "screenWidth", "rowHeight", "fastestInitialVelocity", "longestSettlingDuration", "zones", "palette"
    ]

    /// The decisions (Templates/decisions.js, a JavaScript file of its own).
    static var functions: String { "\n" + Template.jsDecisions.filledOrStop([:]) }

    /// The curves (Templates/curves.js): what a motion moves, with its settling distances and speeds from the
    /// model's (`Spring.Tolerance`, as the Swift set's), and the port of the model's curve arithmetic.
    static var curves: String { "\n" + Template.jsCurves.filledOrStop(SwiftDecisions.settleValues) }
}
