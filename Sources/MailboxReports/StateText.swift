import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `state`: the whole screen as text: the clock and what is up, the counts, a table of every row, and the
/// animations running.
public enum StateText {
    /// The columns of the rows' table.
    public static let header = ["msg", "folder", "x", "y", "height", "alpha", "background", "icon", "icon.alpha",
                                "icon.x", "snooze", "list"]

    public static func lines(_ screen: ScreenSnapshot) -> [String] {
        headLines(screen) + rowTable(screen).lines + runningLines(screen)
    }

    /// The lines above the table: time, overlay, menu and compose, segment, counts.
    public static func headLines(_ screen: ScreenSnapshot) -> [String] {
        var out: [String] = []
        out.append("time \(screen.time.decimalSeconds)s  animating \(screen.animating)  gesture \(screen.gesture?.rawValue ?? "none")")
        var overlay = "overlay \(screen.overlay?.kind.rawValue ?? "none")"
        if let current = screen.overlay {
            overlay += " for \(current.message.name), alpha \(formatNumber(current.alpha))"
            if current.closing { overlay += ", closing" }
        }
        out.append(overlay)
        let compose = screen.compose
        out.append("menu \(screen.menu.rawValue) (content.x \(formatNumber(screen.contentX)))  "
                   + "compose \(compose.phase.rawValue) (y \(formatNumber(compose.y)), dim \(formatNumber(compose.dim)), focus \(compose.focus?.rawValue ?? "none"))  "
                   + "alert \(screen.alert?.rawValue ?? "none")")
        out.append("segment \(screen.segment.rawValue) (tint \(screen.tint.color.paletteDescription))  "
                   + Segment.allCases.map { "view.\($0.rawValue).x \(formatNumber(screen.viewX(of: $0)))" }.joined(separator: "  "))
        out.append((Folder.allCases.map { "\($0.rawValue) \(screen.count(in: $0))" } + ["undo \(screen.undoCount)"])
            .joined(separator: "  "))
        return out
    }

    /// Every row: its folder, geometry, colour and icon, options.
    public static func rowTable(_ screen: ScreenSnapshot) -> TextTable {
        var table = TextTable(header: header, rightAligned: [2, 3, 4, 5, 8, 9])
        for row in screen.rows {
            table.append([row.id.name, row.folder.rawValue, formatNumber(row.x), formatNumber(row.y),
                          formatNumber(row.height), formatNumber(row.alpha), row.background.color.paletteDescription,
                          row.icon.rawValue, formatNumber(row.iconAlpha), formatNumber(row.iconX),
                          row.snooze ?? "none", row.list ?? "none"])
        }
        return table
    }

    /// `running:` and a line per animation, when any runs.
    public static func runningLines(_ screen: ScreenSnapshot) -> [String] {
        guard !screen.running.isEmpty else { return [] }
        return ["running:"] + screen.running.map { a in
            "  \(a.key.path) \(a.from.description) → \(a.to.description), \(formatNumber(a.progress * 100, decimals: 1))% of \(a.duration.decimalSeconds)s \(a.curve.name), now \(a.value.description)"
        }
    }
}
