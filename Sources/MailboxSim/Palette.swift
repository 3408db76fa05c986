import MailboxAnimation

/// The named colours of SPEC §1.
public enum PaletteColor: String, CaseIterable, Sendable {
    case gray, yellow, brown, green, red, blue

    public var color: Color {
        switch self {
        case .gray: Color(rgb: 0xB2B2B2)
        case .yellow: Color(rgb: 0xFECA16)
        case .brown: Color(rgb: 0xCE9662)
        case .green: Color(rgb: 0x55D550)
        case .red: Color(rgb: 0xE73D0E)
        case .blue: Color(rgb: 0x44AAD2)
        }
    }

    /// Where the colour shows on screen.
    public var role: String {
        switch self {
        case .gray: "background revealed before a threshold"
        case .yellow: "later (snooze); tint of the later segment"
        case .brown: "list"
        case .green: "archive; tint of the archive segment"
        case .red: "delete"
        case .blue: "tint of the mailbox segment"
        }
    }

    /// The palette colour whose hex matches `color`, if any.
    public static func named(_ color: Color) -> PaletteColor? {
        let rgb = color.rgb
        return allCases.first { $0.color.rgb == rgb }
    }
}

extension Color {
    /// `yellow #FECA16`, or just the hex for a colour outside the palette.
    public var paletteDescription: String {
        if let name = PaletteColor.named(self) { return "\(name.rawValue) \(hex)" }
        return hex
    }
}

/// The colour shown for each palette name: SPEC §1's by default, each one tunable (`set color.NAME`).
/// (Field by field, not an array: see `Timings`.)
public struct Palette: Equatable, Sendable {
    private var gray = PaletteColor.gray.color
    private var yellow = PaletteColor.yellow.color
    private var brown = PaletteColor.brown.color
    private var green = PaletteColor.green.color
    private var red = PaletteColor.red.color
    private var blue = PaletteColor.blue.color

    /// SPEC §1's palette.
    public static var spec: Palette { Palette() }

    public init() {}

    /// The name `color` has in this palette (the tuned one: after `set color.red #FECA16`, #FECA16 is `red`):
    /// `preferring` when its colour is this one, else the first name in SPEC's order that shows it; nil when
    /// no name does.
    public func name(of color: Color, preferring: PaletteColor? = nil) -> PaletteColor? {
        let rgb = color.rgb
        if let preferring, self[preferring].rgb == rgb { return preferring }
        return PaletteColor.allCases.first { self[$0].rgb == rgb }
    }

    public subscript(_ name: PaletteColor) -> Color {
        get {
            switch name {
            case .gray: gray
            case .yellow: yellow
            case .brown: brown
            case .green: green
            case .red: red
            case .blue: blue
            }
        }
        set {
            switch name {
            case .gray: gray = newValue
            case .yellow: yellow = newValue
            case .brown: brown = newValue
            case .green: green = newValue
            case .red: red = newValue
            case .blue: blue = newValue
            }
        }
    }

}
