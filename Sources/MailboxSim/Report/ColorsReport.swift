/// `colors`: the palette, then the colour each visible row shows now.
public enum ColorsReport {
    public static func lines(_ screen: MailboxState) -> [String] {
        var palette = TextTable(header: ["palette", "hex", "where"])
        for color in PaletteColor.allCases { palette.append([color.rawValue, color.color.hex, color.role]) }
        var onScreen = TextTable(header: ["on screen", "colour", "icon"])
        onScreen.append(["tint (segment \(screen.segments.selected.rawValue))", screen.segments.tint.color.paletteDescription, ""])
        for row in screen.rows where row.visible {
            let zone = screen.displayZone(of: row.id)
            onScreen.append(["\(row.id.name).background", zone.background.color.paletteDescription, zone.icon.rawValue])
        }
        return palette.lines + [""] + onScreen.lines
    }
}
