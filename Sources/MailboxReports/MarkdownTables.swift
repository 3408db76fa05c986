import MailboxScript
import MailboxSim

/// docs/tuning.md's generated lists, written from the one table each describes (`DocsTests` keeps the page
/// in step: `make golden` rewrites the blocks between `<!-- generated: NAME -->` and `<!-- end generated -->`).
public enum MarkdownTables {
    /// The generated blocks by name.
    public static let blocks: [(name: String, text: @Sendable () -> String)] = [
        ("parameters", parameters),
        ("profiles", profiles),
        ("spring-notations", springNotations)
    ]

    /// Every tunable parameter: `set` form, SPEC's default, what it does.
    public static func parameters() -> String {
        var lines = ["| parameter | value | default | what it does |", "|---|---|---|---|"]
        for tunable in TunableTable.all {
            lines.append(
                """
                | `\(tunable.name)` | \(cell(tunable.synopsis)) | `\(tunable.defaultValue.scriptText)` | \
                \(cell(tunable.summary)) |
                """
            )
        }
        return lines.joined(separator: "\n")
    }

    /// What each profile sets, parameter by parameter.
    public static func profiles() -> String {
        let group = TunableTable.profileGroup
        var lines = [
            "| parameter | " + Profile.allCases.map { "`\($0.rawValue)`" }.joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: Profile.allCases.count)
        ]
        for tunable in group {
            let values = Profile.allCases.map { profile in
                "`\(TunableTable.shown(tunable, in: profile.applied(to: Settings())))`"
            }
            lines.append("| `\(tunable.name)` | " + values.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    /// Every spring notation `set curve.NAME spring TOOL …` takes: its form, what it may be, the conversion, the
    /// source.
    public static func springNotations() -> String {
        var lines = ["| notation | ranges | converts to | source |", "|---|---|---|---|"]
        for notation in SpringNotation.all {
            let ranges = zip(notation.placeholders, notation.ranges).map { "\($0) \($1.words)" }.joined(separator: "; ")
            lines.append(
                "| `\(notation.form)` | \(cell(ranges)) | \(cell(notation.formula)) | \(cell(notation.source)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Text made safe for a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
