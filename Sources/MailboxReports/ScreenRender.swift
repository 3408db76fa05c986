import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `render`: the screen drawn as text within 80 columns: 40 columns of 8 points for the phone, notes beside.
///
/// Lines, top to bottom: the navigation bar (segments, the selected one in brackets), the help and search
/// header, one line per row of the feed (its offset, revealed colour and icon; rows collapsing show
/// their height), then what covers the screen: the options overlay, the compose sheet, an alert. The
/// content shifts right with the menu, revealing the menu's panel on the left.
public enum ScreenRender {
    static let columns = Int(Metrics.screenWidth / pointsPerColumn)
    static let pointsPerColumn = 8.0
    static let menuItems = ["MENU", "Inbox", "Later", "Archive", "Lists", "Settings"]

    public static func lines(_ screen: ScreenSnapshot) -> [String] {
        var body: [(cells: [Character], note: String)] = []
        let nav = Segment.allCases.map { $0 == screen.segment ? "[\($0.rawValue)]" : $0.rawValue }
        body.append((padded("≡ " + centered(nav.joined(separator: " "), width: columns - 4) + " ✎"),
                     "tint \(screen.tint.rawValue)"))
        body.append((padded(centered("help · search", width: columns)), ""))
        body += feedLines(screen)

        // The content slides right over the menu panel.
        let shift = Int((screen.contentX / pointsPerColumn).rounded())
        if shift > 0 {
            for i in body.indices {
                var panel = Array(padded(i < menuItems.count ? " " + menuItems[i] : ""))
                panel[min(columns - 1, max(0, shift - 1))] = "│"
                for column in shift..<columns { panel[column] = body[i].cells[column - shift] }
                body[i].cells = panel
            }
            body[0].note += "  menu \(screen.menu.rawValue) at content.x \(formatNumber(screen.contentX))"
        }

        var out = ["+" + String(repeating: "-", count: columns) + "+"]
        out += body.map { line in
            "|" + String(line.cells) + "|" + (line.note.isEmpty ? "" : "  " + line.note)
        }
        out += coverLines(screen)
        out.append("+" + String(repeating: "-", count: columns) + "+")
        return out
    }

    /// The rows of whichever segment views are on screen, each drawn at its view's x.
    static func feedLines(_ screen: ScreenSnapshot) -> [(cells: [Character], note: String)] {
        var views: [(x: Double, lines: [(cells: [Character], note: String)])] = []
        for segment in Segment.allCases {
            let x = screen.viewX(of: segment)
            guard abs(x) < Metrics.screenWidth else { continue }
            if segment == .mailbox {
                let rows = screen.rows.filter { $0.visible || $0.height > 0 }
                views.append((x, rows.map { (rowCells($0), annotation($0)) }))
            } else {
                let ids = screen.messages(in: segment.folder)
                let lines = ids.isEmpty ? [padded(centered("no messages in \(segment.rawValue)", width: columns))]
                                        : ids.map { padded("  \($0.name)  (\(segment.rawValue))") }
                views.append((x, lines.map { ($0, "") }))
            }
        }
        let height = views.map(\.lines.count).max() ?? 0
        var out: [(cells: [Character], note: String)] = []
        for i in 0..<height {
            var cells = padded("")
            var notes: [String] = []
            for view in views where i < view.lines.count {
                let offset = Int((view.x / pointsPerColumn).rounded())
                for column in 0..<columns where column + offset >= 0 && column + offset < columns {
                    cells[column + offset] = view.lines[i].cells[column]
                }
                if !view.lines[i].note.isEmpty && abs(view.x) < Metrics.screenWidth / 2 { notes.append(view.lines[i].note) }
            }
            out.append((cells, notes.joined(separator: "  ")))
        }
        return out
    }

    /// The options overlay, the compose sheet and an alert, below the screen's lines.
    static func coverLines(_ screen: ScreenSnapshot) -> [String] {
        var out: [String] = []
        func boxed(_ text: String) -> String { "|" + String(padded(centered(text, width: columns))) + "|" }
        if let overlay = screen.overlay {
            out.append(boxed("── \(overlay.kind.rawValue) options for \(overlay.message.name) ──") +
                       "  alpha \(formatNumber(overlay.alpha))")
            var line = ""
            for option in overlay.kind.options {
                if line.count + option.count + 2 > columns - 2 { out.append(boxed(line)); line = "" }
                line += (line.isEmpty ? "" : "  ") + option
            }
            out.append(boxed(line))
            out.append(boxed("cancel"))
        }
        let compose = screen.compose
        if compose.phase != .hidden {
            out.append(boxed("── compose ──") + "  \(compose.phase.rawValue), y \(formatNumber(compose.y)), dim \(formatNumber(compose.dim))")
            let cursor = compose.focus == .to ? "▏" : ""
            out.append("|" + String(padded(" To: \(compose.to)\(cursor)")) + "|")
            out.append("|" + String(padded(" Subject:")) + "|")
            out.append(boxed("cancel"))
        }
        if let alert = screen.alert {
            out.append(boxed("┌ \(alert.title) ┐"))
            out.append(boxed(alert.buttons.map(\.name).joined(separator: "   ")))
        }
        return out
    }

    /// The revealed background, its icon, and the row's body shifted by x.
    static func rowCells(_ row: RowSnapshot) -> [Character] {
        let fill: Character = row.background == .gray ? "·" : "▒"
        var cells = [Character](repeating: fill, count: columns)
        if row.iconAlpha > 0, row.icon != .none {
            let label = Array("[\(row.icon.rawValue)]")
            let centre = Int((row.iconX / pointsPerColumn).rounded(.down))
            for (i, ch) in label.enumerated() {
                let column = centre - label.count / 2 + i
                if column >= 0 && column < columns { cells[column] = ch }
            }
        }
        let body = Array(" \(row.id.name) " + String(repeating: "─", count: columns))
        let offset = Int((row.x / pointsPerColumn).rounded())
        for i in 0..<columns {
            let column = offset + i
            if column >= 0 && column < columns { cells[column] = i == columns - 1 ? " " : body[i] }
        }
        return cells
    }

    static func annotation(_ row: RowSnapshot) -> String {
        var text = "x \(formatNumber(row.x)) \(row.background.rawValue)"
        if row.icon != .none { text += " \(row.icon.rawValue) α\(formatNumber(row.iconAlpha, decimals: 2))" }
        if row.height != Metrics.rowHeight { text += " h \(formatNumber(row.height))" }
        return text
    }

    private static func padded(_ text: String) -> [Character] {
        let cells = Array(text.prefix(columns))
        return cells + [Character](repeating: " ", count: columns - cells.count)
    }

    private static func centered(_ text: String, width: Int) -> String {
        let clipped = String(text.prefix(width))
        let left = (width - clipped.count) / 2
        return String(repeating: " ", count: left) + clipped + String(repeating: " ", count: width - left - clipped.count)
    }
}
