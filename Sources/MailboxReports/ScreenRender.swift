import MailboxAnimation
import MailboxSim
import MailboxText

/// `render`: the screen drawn as text within 80 columns: 40 columns of 8 points for the phone, notes beside.
///
/// Lines, top to bottom: the navigation bar (segments, the selected one in brackets), the help and search
/// header, one line per row of the feed on screen (its offset, revealed colour and icon, its id kept in
/// sight as it moves; rows collapsing show their height; rows below the screen's bottom are counted, not
/// drawn), then what covers the screen: the options overlay (once it shows), the compose sheet, an alert.
/// The content shifts right with the menu, revealing the menu's panel on the left. A row's revealed
/// background is tinted with its colour where the front end draws colour.
public enum ScreenRender {
    /// One character cell, and the colour it is tinted with, if any. A wide character (`DisplayWidth`: CJK, emoji)
    /// takes two: its own and the next, `spanned`, which prints nothing after it (and a blank where something
    /// drawn over the row parted them).
    struct Cell {
        var character: Character
        var tint: Color? = nil
        var spanned = false
    }

    static let columns = clampedInt(Metrics.screenWidth / pointsPerColumn)
    static let pointsPerColumn = 8.0
    static let menuItems = ["MENU", "Inbox", "Later", "Archive", "Lists", "Settings"]

    /// The lines as plain text.
    public static func lines(_ screen: ScreenSnapshot) -> [String] { styledLines(screen).map({ $0.text }) }

    /// The lines, the revealed backgrounds tinted with their colour.
    public static func styledLines(_ screen: ScreenSnapshot) -> [StyledLine] {
        var body: [(cells: [Cell], note: String)] = []
        let nav = Segment.allCases.map { $0 == screen.segment ? "[\($0.rawValue)]" : $0.rawValue }
        body.append(
            (
                padded("≡ " + centered(nav.joined(separator: " "), width: columns - 4) + " ✎"),
                "tint \(screen.tint.rawValue)"
            ))
        body.append((padded(centered("help · search", width: columns)), ""))
        let feed = feedLines(screen)
        body += feed.lines

        // The content slides right over the menu panel.
        let shift = clampedInt((screen.contentX / pointsPerColumn).rounded(), bound: columns)
        if shift > 0 {
            for i in body.indices {
                var panel = padded(i < menuItems.count ? " " + menuItems[i] : "")
                panel[min(columns - 1, max(0, shift - 1))] = Cell(character: "│")
                for column in shift..<columns { panel[column] = body[i].cells[column - shift] }
                body[i].cells = panel
            }
            body[0].note += "  menu \(screen.menu.rawValue) at content.x \(formatNumber(screen.contentX))"
        }

        let edge = [Span("+" + String(repeating: "-", count: columns) + "+")]
        var out: [StyledLine] = [edge]
        out += body.map { line in
            [Span("|")] + spans(line.cells) + [Span("|" + (line.note.isEmpty ? "" : "  " + line.note))]
        }
        if feed.below > 0 {
            let rows = feed.below == 1 ? "1 more row" : "\(feed.below) more rows"
            out.append([Span("|" + text(padded(centered("⋮ \(rows) below the screen", width: columns))) + "|")])
        }
        out += coverLines(screen).map { [Span($0)] }
        out.append(edge)
        return out
    }

    /// Cells as spans: runs of the same tint together.
    static func spans(_ cells: [Cell]) -> [Span] {
        var out: [Span] = []
        var run = ""
        var tint: Color?
        for (i, cell) in cells.enumerated() {
            if cell.tint != tint && !run.isEmpty {
                out.append(Span(run, tint.map { .tinted($0) } ?? .plain))
                run = ""
            }
            tint = cell.tint
            if let character = printed(cells, i) { run.append(character) }
        }
        if !run.isEmpty { out.append(Span(run, tint.map { .tinted($0) } ?? .plain)) }
        return out
    }

    static func text(_ cells: [Cell]) -> String { String(cells.indices.compactMap { printed(cells, $0) }) }

    /// What cell `i` prints: nothing for the right half of a wide character, a blank for a half whose other
    /// half was drawn over, the character otherwise; so that a line of cells is as many columns as cells.
    static func printed(_ cells: [Cell], _ i: Int) -> Character? {
        let cell = cells[i]
        if cell.spanned {
            return i > 0 && !cells[i - 1].spanned && DisplayWidth.of(cells[i - 1].character) == 2 ? nil : " "
        }
        if DisplayWidth.of(cell.character) == 2 {
            return i + 1 < cells.count && cells[i + 1].spanned ? cell.character : " "
        }
        return cell.character
    }

    /// The rows of whichever segment views are on screen, each drawn at its view's x, and how many of the
    /// mailbox's rows are below the screen's bottom.
    static func feedLines(_ screen: ScreenSnapshot) -> (lines: [(cells: [Cell], note: String)], below: Int) {
        var views: [(x: Double, lines: [(cells: [Cell], note: String)])] = []
        var below = 0
        for segment in Segment.allCases {
            let x = screen.viewX(of: segment)
            guard abs(x) < Metrics.screenWidth else { continue }
            if segment == .mailbox {
                let rows = screen.rows.filter { $0.visible || $0.height > 0 }
                let shown = rows.filter { $0.y < Metrics.screenHeight }
                below = rows.count - shown.count
                views.append(
                    (
                        x,
                        shown.map { row in
                            let drawn = rowCells(row)
                            return (drawn.cells, (drawn.idShown ? "" : row.id.name + " ") + annotation(row))
                        }
                    ))
            } else {
                let ids = screen.messages(in: segment.folder)
                let lines =
                    ids.isEmpty
                    ? [padded(centered("no messages in \(segment.rawValue)", width: columns))]
                    : ids.map { padded("  \($0.name)  (\(segment.rawValue))") }
                views.append((x, lines.map { ($0, "") }))
            }
        }
        let height = views.map({ $0.lines.count }).max() ?? 0
        var out: [(cells: [Cell], note: String)] = []
        for i in 0..<height {
            var cells = padded("")
            var notes: [String] = []
            for view in views where i < view.lines.count {
                let offset = clampedInt((view.x / pointsPerColumn).rounded(), bound: columns)
                for column in 0..<columns where column + offset >= 0 && column + offset < columns {
                    cells[column + offset] = view.lines[i].cells[column]
                }
                if !view.lines[i].note.isEmpty && abs(view.x) < Metrics.screenWidth / 2 {
                    notes.append(view.lines[i].note)
                }
            }
            out.append((cells, notes.joined(separator: "  ")))
        }
        return (out, below)
    }

    /// The options overlay, the compose sheet and an alert, below the screen's lines.
    static func coverLines(_ screen: ScreenSnapshot) -> [String] {
        var out: [String] = []
        func boxed(_ line: String) -> String { "|" + text(padded(centered(line, width: columns))) + "|" }
        // An overlay at alpha 0 (about to fade in, or faded out) is not seen.
        if let overlay = screen.overlay, overlay.alpha > 0 {
            out.append(
                boxed("── \(overlay.kind.rawValue) options for \(overlay.message.name) ──")
                    + "  alpha \(formatNumber(overlay.alpha))")
            var line = ""
            for option in overlay.kind.options {
                if line.count + option.count + 2 > columns - 2 {
                    out.append(boxed(line))
                    line = ""
                }
                line += (line.isEmpty ? "" : "  ") + option
            }
            out.append(boxed(line))
            out.append(boxed("cancel"))
        }
        let compose = screen.compose
        if compose.phase != .hidden {
            out.append(
                boxed("── compose ──")
                    + "  \(compose.phase.rawValue), y \(formatNumber(compose.y)), dim \(formatNumber(compose.dim))")
            // Each field with what was typed and a caret (▏) after the focused one's text; a line too long for the
            // box ends in an ellipsis.
            for (field, label) in [(ComposeSheet.Field.to, " To: "), (.subject, " Subject: "), (.body, " ")] {
                let cursor = compose.focus == field ? "▏" : ""
                var line = label + compose.text(field)
                if DisplayWidth.of(line) + cursor.count > columns {
                    line = String(DisplayWidth.prefix(line, columns: columns - cursor.count - 1)) + "…"
                }
                out.append("|" + text(padded(line + cursor)) + "|")
            }
            out.append(boxed("cancel"))
        }
        if let alert = screen.alert {
            out.append(boxed("┌ \(alert.title) ┐"))
            out.append(boxed(alert.buttons.map({ $0.name }).joined(separator: "   ")))
        }
        return out
    }

    /// The revealed background (tinted with its colour), its icon, and the row's face shifted by x, its id at
    /// the start of the part of the face that is on screen; `idShown` is false when too little of the face is.
    static func rowCells(_ row: RowSnapshot) -> (cells: [Cell], idShown: Bool) {
        let fill = Cell(character: row.background == .gray ? "·" : "▒", tint: row.backgroundColor)
        var cells = [Cell](repeating: fill, count: columns)
        if row.iconAlpha > 0, row.icon != .none {
            let label = Array("[\(row.icon.rawValue)]")
            let centre = clampedInt((row.iconX / pointsPerColumn).rounded(.down), bound: 2 * columns)
            for (i, ch) in label.enumerated() {
                let column = centre - label.count / 2 + i
                if column >= 0 && column < columns { cells[column] = Cell(character: ch) }
            }
        }
        // The face covers columns offset ..< offset + columns, its last column a gap; what is on screen of it
        // starts with the id.
        let offset = clampedInt((row.x / pointsPerColumn).rounded(), bound: 2 * columns)
        let first = max(0, offset)
        let end = min(columns, offset + columns - 1)
        let label = Array(" \(row.id.name) ")
        let idShown = end - first >= label.count + 1
        for column in first..<max(first, end) {
            let i = column - first
            cells[column] = Cell(character: idShown && i < label.count ? label[i] : "─")
        }
        if offset + columns - 1 >= 0 && offset + columns - 1 < columns {
            cells[offset + columns - 1] = Cell(character: " ")
        }
        return (cells, idShown)
    }

    static func annotation(_ row: RowSnapshot) -> String {
        var text = "x \(formatNumber(row.x)) \(row.background.rawValue)"
        if row.icon != .none { text += " \(row.icon.rawValue) α\(formatNumber(row.iconAlpha, decimals: 2))" }
        if row.height != Metrics.rowHeight { text += " h \(formatNumber(row.height))" }
        return text
    }

    /// `text` in cells, cut and padded to the screen's columns by display width; a character of no width of its
    /// own (a lone combining mark) is left out.
    private static func padded(_ text: String) -> [Cell] {
        var cells: [Cell] = []
        cells.reserveCapacity(columns)
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if cells.count + width > columns { break }
            cells.append(Cell(character: character))
            if width == 2 { cells.append(Cell(character: " ", spanned: true)) }
        }
        return cells + [Cell](repeating: Cell(character: " "), count: columns - cells.count)
    }

    private static func centered(_ text: String, width: Int) -> String {
        let clipped = DisplayWidth.prefix(text, columns: width)
        let used = DisplayWidth.of(clipped)
        let left = (width - used) / 2
        return String(repeating: " ", count: left) + clipped + String(repeating: " ", count: width - left - used)
    }
}
