import MailboxSim
import MailboxText

/// The exported Swift file's generated types: the zone table (from `SwipeZone`'s cases and what each shows and
/// does), the palette's names, icons and folders (from the model's enums); the values the decisions answer are
/// Templates/Types.swift (`SwiftDecisions.fixedTypes`).
extension SwiftDecisions {
    /// Where the screen's geometry sits in the parameters enum.
    static let geometry = """
            // MARK: - Geometry (SPEC §1), not tunable

            /// The screen's width in points: where an icon is pinned from, and (with `slideOvershoot`) where a released
            /// row slides to. Past it a dragged row follows only `elasticity` of the finger.
            public static let screenWidth: Double = \(formatExactLiteral(Metrics.slideDistance))
            /// A message row's height in points: what a hide collapses and an undo opens.
            public static let rowHeight: Double = \(formatExactLiteral(Metrics.rowHeight))

        """

    /// Every type the decisions use.
    static func types(typeName: String, interaction: Interaction) -> String {
        var out = "// MARK: - Types\n\nextension \(typeName) {\n"
        out += zoneType
        let colorCases = PaletteColor.allCases.map {
            "        case .\($0.rawValue): \(Interaction.identifier("color.\($0.rawValue)"))"
        }
        out += enumType(
            "PaletteName", doc: "A colour's name in the palette: what a zone shows.",
            cases: PaletteColor.allCases.map({ $0.rawValue }),
            extra: """
                    /// The colour this name has in the parameters.
                    public var color: Color {
                        switch self {
                \(colorCases.joined(separator: "\n"))
                        }
                    }

                """)
        out += enumType(
            "Icon", doc: "The icon revealed behind a row.", cases: Icon.allCases.map({ $0.rawValue }))
        out += enumType(
            "OptionsKind", doc: "The options overlay a left swipe shows.",
            cases: OverlayKind.allCases.map({ $0.rawValue }))
        out += enumType("Folder", doc: "Where a message goes.", cases: Folder.allCases.map({ $0.rawValue }))
        for choice in ChoiceTypes.all {
            out += enumType(choice.name, doc: ChoiceTypes.doc(choice.name), cases: choice.words)
        }
        out += "}\n\n"
        out += SwiftDecisions.fixedTypes(typeName: typeName)
        return out
    }

    /// `public enum NAME: String, CaseIterable, Sendable { case a, b }` with a doc line (a case that is a keyword in
    /// Swift is written in backquotes).
    static func enumType(_ name: String, doc: String, cases: [String], extra: String = "")
        -> String
    {
        let written = cases.map { $0 == "default" ? "`default`" : $0 }
        return """
                /// \(doc)
                public enum \(name): String, CaseIterable, Sendable {
                    case \(written.joined(separator: ", "))
            \(extra.isEmpty ? "" : "\n" + extra)    }


            """
    }

    /// The zones, and what each shows and does on release: generated from `SwipeZone`.
    static var zoneType: String {
        let zones = SwipeZone.allCases
        func property(_ name: String, _ type: String, _ doc: String, _ value: (SwipeZone) -> String) -> String {
            var out = "        /// \(doc)\n        public var \(name): \(type) {\n            switch self {\n"
            for zone in zones { out += "            case .\(zone.rawValue): \(value(zone))\n" }
            return out + "            }\n        }\n"
        }
        var out = """
                /// The zone a row's offset x falls in: it decides the colour and icon while dragging, and what a
                /// release does. Zones start at a threshold (`Bound.closed`) or only beyond it (`.strict`).
                public enum Zone: String, CaseIterable, Sendable {
                    case \(zones.map({ $0.rawValue }).joined(separator: ", "))


            """
        out += property("background", "PaletteName", "The colour behind the row.") { ".\($0.background.rawValue)" }
        out += "\n"
        out += property("icon", "Icon", "The icon revealed.") { ".\($0.icon.rawValue)" }
        out += "\n"
        out += property(
            "level", "Int", "Thresholds out from rest, signed by side: 0 at rest and before the near threshold."
        ) { String($0.level) }
        out += "\n"
        out += property("side", "Double", "The side a row leaves by: −1 left, +1 right, 0 at rest.") {
            formatExactLiteral($0.side)
        }
        out += "\n"
        out += property("outcome", "Outcome", "What lifting the finger in this zone does.") { zone in
            switch zone.releaseOutcome {
            case .snapBack: ".snapBack"
            case .options(let kind): ".options(.\(kind.rawValue))"
            case .hide(let folder): ".hide(to: .\(folder.rawValue))"
            }
        }
        out += "    }\n\n"
        return out
    }
}

extension ChoiceTypes {
    /// The doc line of a choice's enum.
    static func doc(_ name: String) -> String {
        switch name {
        case "Bound": "Whether a zone starts at its threshold (`closed`) or only beyond it (`strict`)."
        case "Transition": "How the options overlay comes or goes: a fade over `durationFade`, or at once."
        case "MenuStill": "Where a menu released at velocity 0 goes under `MenuRelease.velocity`."
        case "UndoReturn": "How an undone row comes back: sliding in from its side, or put back at x 0 at once."
        default: "One of a parameter's words."
        }
    }
}

/// A number as a Swift or JavaScript literal that reads back as the same double.
func formatExactLiteral(_ value: Double) -> String { formatExact(value) }
