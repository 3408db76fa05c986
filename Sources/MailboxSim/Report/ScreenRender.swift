/// `render`: the screen drawn as text, one character for 8 points, within 80 columns.
public enum ScreenRender {
    static let columns = Int(Metrics.screenWidth / pointsPerColumn)
    static let pointsPerColumn = 8.0

    public static func lines(_ screen: MailboxState) -> [String] {
        let border = "+" + String(repeating: "-", count: columns) + "+"
        var out = [border]
        out.append(frame(centered("later  [mailbox]  archive", width: columns)) + "  tint blue")
        out.append(frame(centered("help · search", width: columns)))
        if let overlay = screen.overlay {
            let alpha = formatNumber(screen.overlayPresentationAlpha)
            out.append(frame(centered("\(overlay.kind.title) (alpha \(alpha))", width: columns)))
            for option in overlay.kind.options { out.append(frame(centered(option, width: columns))) }
            out.append(frame(centered("cancel", width: columns)))
        } else {
            for row in screen.rows where row.visible {
                out.append(frame(rowLine(row.id, screen)) + "  " + annotation(row.id, screen))
            }
            let hidden = screen.rows.count - screen.count(in: .inbox)
            if hidden > 0 { out.append(frame(centered("(\(hidden) moved out of the inbox)", width: columns))) }
        }
        out.append(border)
        return out
    }

    private static func frame(_ body: String) -> String { "|" + body + "|" }

    private static func centered(_ text: String, width: Int) -> String {
        let clipped = String(text.prefix(width))
        let left = (width - clipped.count) / 2
        return String(repeating: " ", count: left) + clipped + String(repeating: " ", count: width - left - clipped.count)
    }

    /// The revealed background, its icon, and the row's body shifted by x.
    static func rowLine(_ id: MessageID, _ screen: MailboxState) -> String {
        let zone = screen.displayZone(of: id)
        let fill: Character = zone.background == .gray ? "." : "="
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
        return String(cells)
    }

    static func annotation(_ id: MessageID, _ screen: MailboxState) -> String {
        var text = "x \(formatNumber(screen.x(of: id))) \(screen.background(of: id).rawValue)"
        if screen.icon(of: id) != .none { text += " \(screen.icon(of: id).rawValue)" }
        if screen.height(of: id) != Metrics.rowHeight { text += " h \(formatNumber(screen.height(of: id)))" }
        return text
    }
}
