import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `colors`: the palette, then the colour each visible row shows now.
public enum ColorsText {
    public static func lines(_ screen: ScreenSnapshot) -> [String] {
        paletteTable().lines + [""] + onScreenTable(screen).lines
    }

    public static func paletteTable() -> TextTable {
        var palette = TextTable(header: ["palette", "hex", "where"])
        for color in PaletteColor.allCases { palette.append([color.rawValue, color.color.hex, color.role]) }
        return palette
    }

    public static func onScreenTable(_ screen: ScreenSnapshot) -> TextTable {
        var onScreen = TextTable(header: ["on screen", "colour", "icon"])
        onScreen.append(["tint (segment \(screen.segment.rawValue))", screen.tint.color.paletteDescription, ""])
        for row in screen.rows where row.visible {
            onScreen.append(["\(row.id.name).background", row.background.color.paletteDescription, row.icon.rawValue])
        }
        return onScreen
    }
}
