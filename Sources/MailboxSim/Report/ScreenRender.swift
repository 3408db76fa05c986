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

    public static func lines(_ screen: MailboxState) -> [String] {
        var body: [(cells: [Character], note: String)] = []
        let nav = Segment.allCases.map { $0 == screen.segments.selected ? "[\($0.rawValue)]" : $0.rawValue }
        body.append((padded("≡ " + centered(nav.joined(separator: " "), width: columns - 4) + " ✎"),
                     "tint \(screen.segments.tint.rawValue)"))
        body.append((padded(centered("help · search", width: columns)), ""))
        body += feedLines(screen)

        // The content slides right over the menu panel.
        let shift = Int((screen.contentPresentationX / pointsPerColumn).rounded())
        if shift > 0 {
            for i in body.indices {
                var panel = Array(padded(i < menuItems.count ? " " + menuItems[i] : ""))
                panel[min(columns - 1, max(0, shift - 1))] = "│"
                for column in shift..<columns { panel[column] = body[i].cells[column - shift] }
                body[i].cells = panel
            }
            body[0].note += "  menu \(name(screen.menuPhase, open: "open", closed: "closed")) at content.x \(formatNumber(screen.contentPresentationX))"
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
    static func feedLines(_ screen: MailboxState) -> [(cells: [Character], note: String)] {
        var views: [(x: Double, lines: [(cells: [Character], note: String)])] = []
        for segment in Segment.allCases {
            let x = screen.viewX(of: segment)
            guard abs(x) < Metrics.screenWidth else { continue }
            if segment == .mailbox {
                let rows = screen.rows.filter { $0.visible || screen.height(of: $0.id) > 0 }
                views.append((x, rows.map { (rowCells($0.id, screen), annotation($0.id, screen)) }))
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
    static func coverLines(_ screen: MailboxState) -> [String] {
        var out: [String] = []
        func boxed(_ text: String) -> String { "|" + String(padded(centered(text, width: columns))) + "|" }
        if let overlay = screen.overlay {
            out.append(boxed("── \(overlay.kind.rawValue) options for \(overlay.message.name) ──") +
                       "  alpha \(formatNumber(screen.overlayPresentationAlpha))")
            var line = ""
            for option in overlay.kind.options {
                if line.count + option.count + 2 > columns - 2 { out.append(boxed(line)); line = "" }
                line += (line.isEmpty ? "" : "  ") + option
            }
            out.append(boxed(line))
            out.append(boxed("cancel"))
        }
        if screen.composePhase != .hidden {
            let state = name(screen.composePhase, open: "shown", closed: "hidden")
            out.append(boxed("── compose ──") + "  \(state), y \(formatNumber(screen.composePresentationY)), dim \(formatNumber(screen.composePresentationDim))")
            let cursor = screen.compose.focus == .to ? "▏" : ""
            out.append("|" + String(padded(" To: \(screen.compose.to)\(cursor)")) + "|")
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
    static func rowCells(_ id: MessageID, _ screen: MailboxState) -> [Character] {
        let zone = screen.displayZone(of: id)
        let fill: Character = zone.background == .gray ? "·" : "▒"
        var cells = [Character](repeating: fill, count: columns)
        if screen.iconAlpha(of: id) > 0, zone.icon != .none {
            let label = Array("[\(zone.icon.rawValue)]")
            let centre = Int((screen.iconX(of: id) / pointsPerColumn).rounded(.down))
            for (i, ch) in label.enumerated() {
                let column = centre - label.count / 2 + i
                if column >= 0 && column < columns { cells[column] = ch }
            }
        }
        let body = Array(" \(id.name) " + String(repeating: "─", count: columns))
        let offset = Int((screen.x(of: id) / pointsPerColumn).rounded())
        for i in 0..<columns {
            let column = offset + i
            if column >= 0 && column < columns { cells[column] = i == columns - 1 ? " " : body[i] }
        }
        return cells
    }

    static func annotation(_ id: MessageID, _ screen: MailboxState) -> String {
        var text = "x \(formatNumber(screen.x(of: id))) \(screen.background(of: id).rawValue)"
        if screen.icon(of: id) != .none { text += " \(screen.icon(of: id).rawValue) α\(formatNumber(screen.iconAlpha(of: id), decimals: 2))" }
        if screen.height(of: id) != Metrics.rowHeight { text += " h \(formatNumber(screen.height(of: id)))" }
        return text
    }

    private static func name(_ phase: MailboxState.Phase, open: String, closed: String) -> String {
        switch phase {
        case .open: open
        case .closed: closed
        case .moving: "moving"
        }
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
