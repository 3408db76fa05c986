import MailboxAnimation
import MailboxSim

/// `colors`: the palette, then the colour each visible row shows now.
public enum ColorsText {
    public static func lines(_ screen: ScreenSnapshot, _ layout: Layout) -> [StyledLine] {
        paletteTable(screen.palette).lines(layout) + [[]] + onScreenTable(screen).lines(layout)
    }

    /// The palette as set now (`set color.NAME`), SPEC's by default.
    static func paletteTable(_ colors: Palette) -> TextTable {
        var palette = TextTable(header: ["palette", "hex", "where"])
        for color in PaletteColor.allCases {
            palette.append(spans: [
                [Span(color.rawValue)], [.swatch(colors[color]), Span(colors[color].hex)], [Span(color.role)]
            ])
        }
        return palette
    }

    static func onScreenTable(_ screen: ScreenSnapshot) -> TextTable {
        var onScreen = TextTable(header: ["on screen", "colour", "icon"])
        onScreen.append(spans: [
            [Span("tint (segment \(screen.segment.rawValue))")],
            colorCellSpans(screen.tintColor, in: screen.settings.palette, preferring: screen.tint), []
        ])
        for row in screen.rows where row.visible {
            onScreen.append(spans: [
                [Span("\(row.id.name).background")],
                colorCellSpans(row.backgroundColor, in: screen.settings.palette, preferring: row.background),
                [Span(row.icon.rawValue)]
            ])
        }
        return onScreen
    }
}
