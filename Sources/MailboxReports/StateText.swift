import MailboxAnimation
import MailboxSim
import MailboxText

/// `state`: the whole screen as text: the clock and what is up, the counts, a table of every row, and the
/// animations running.
public enum StateText {
    /// The columns of the rows' two tables: where each row is and what it holds, then how it is drawn (one table
    /// of the twelve would be 95 columns wide; two keep `state` within 80, SPEC §7.11).
    public static let header = ["msg", "folder", "x", "y", "height", "alpha", "snooze", "list"]
    public static let drawnHeader = ["msg", "background", "icon", "icon.alpha", "icon.x"]

    public static func lines(_ screen: ScreenSnapshot, _ layout: Layout) -> [StyledLine] {
        headLines(screen) + rowTable(screen).lines(layout) + drawnTable(screen).lines(layout) + runningLines(screen)
    }

    /// The lines above the table: time, overlay, menu and compose, segment, counts.
    static func headLines(_ screen: ScreenSnapshot) -> [StyledLine] {
        var out: [StyledLine] = []
        let gesture = screen.gesture?.rawValue ?? "none"
        out.append([
            Span("time \(screen.time.roundedSeconds)s  animating \(screen.animating)  gesture \(gesture)")
        ])
        var overlay = "overlay \(screen.overlay?.kind.rawValue ?? "none")"
        if let current = screen.overlay {
            overlay += " for \(current.message.name), alpha \(formatNumber(current.alpha))"
            if current.closing { overlay += ", closing" }
        }
        out.append([Span(overlay)])
        let compose = screen.compose
        out.append([
            Span(
                "menu \(screen.menu.rawValue) (content.x \(formatNumber(screen.contentX)))  "
                    + "alert \(screen.alert?.rawValue ?? "none")")
        ])
        let focus = compose.focus?.rawValue ?? "none"
        out.append([
            Span(
                "compose \(compose.phase.rawValue) (y \(formatNumber(compose.y)), dim \(formatNumber(compose.dim)), "
                    + "focus \(focus))")
        ])
        out.append(
            [Span("segment \(screen.segment.rawValue) (tint ")]
                + colorSpans(
                    screen.tintColor, name: screen.settings.palette.name(of: screen.tintColor, preferring: screen.tint))
                + [Span(")")])
        out.append([
            Span(
                Segment.allCases.map { "view.\($0.rawValue).x \(formatNumber(screen.viewX(of: $0)))" }.joined(
                    separator: "  "))
        ])
        out.append([
            Span(
                (Folder.allCases.map { "\($0.rawValue) \(screen.count(in: $0))" } + ["undo \(screen.undoCount)"])
                    .joined(separator: "  "))
        ])
        return out
    }

    /// Every row: its folder, geometry, options.
    static func rowTable(_ screen: ScreenSnapshot) -> TextTable {
        var table = TextTable(header: header, rightAligned: [2, 3, 4, 5])
        for row in screen.rows {
            table.append([
                row.id.name, row.folder.rawValue, formatNumber(row.x), formatNumber(row.y),
                formatNumber(row.height), formatNumber(row.alpha), row.snooze ?? "none", row.list ?? "none"
            ])
        }
        return table
    }

    /// Every row as drawn: its colour and icon.
    static func drawnTable(_ screen: ScreenSnapshot) -> TextTable {
        var table = TextTable(header: drawnHeader, rightAligned: [3, 4])
        for row in screen.rows {
            table.append(spans: [
                [Span(row.id.name)],
                colorCellSpans(row.backgroundColor, in: screen.settings.palette, preferring: row.background),
                [Span(row.icon.rawValue)], [Span(formatNumber(row.iconAlpha))], [Span(formatNumber(row.iconX))]
            ])
        }
        return table
    }

    /// `running:` and a line per animation, when any runs.
    static func runningLines(_ screen: ScreenSnapshot) -> [StyledLine] {
        guard !screen.running.isEmpty else { return [] }
        return [[Span("running:", .heading)]]
            + screen.running.map { a in
                [
                    Span("  "), Span(a.key.path, .path),
                    Span(
                        " \(a.from.description) → \(a.to.description), "
                            + "\(formatNumber(a.progress * 100, decimals: 1))% of \(a.duration.roundedSeconds)s "
                            + "\(a.curve.name), now \(a.value.description)")
                ]
            }
    }
}
