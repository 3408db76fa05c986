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

    /// The palette name `text` spells in any case (`yellow`, `Yellow`, `YELLOW`), read byte by byte without a
    /// lowercased copy. The same as `PaletteColor(rawValue: text.lowercased())`: the only characters outside ASCII
    /// whose lowercase is ASCII are U+212A (`k`) and U+0130 (`i` and a combining dot), and no name has `k` or `i`.
    public init?(named text: some StringProtocol) {
        let found =
            text.utf8.withContiguousStorageIfAvailable(Self.find) ?? Array(text.utf8).withUnsafeBufferPointer(Self.find)
        guard let found else { return nil }
        self = found
    }

    /// The palette name `bytes` spell in any case, as `init?(named:)` reads it.
    public init?(named bytes: UnsafeBufferPointer<UInt8>) {
        guard let found = Self.find(bytes) else { return nil }
        self = found
    }

    /// Every name and its bytes, in `allCases`' order (kept: `allCases` makes a new array each time).
    private static let ordered = allCases
    private static let spellings: [[UInt8]] = ordered.map { Array($0.rawValue.utf8) }

    private static func find(_ bytes: UnsafeBufferPointer<UInt8>) -> PaletteColor? {
        let spellings = spellings
        search: for index in spellings.indices where spellings[index].count == bytes.count {
            for (offset, expected) in spellings[index].enumerated() {
                let byte = bytes[offset]
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if lower != expected { continue search }
            }
            return ordered[index]
        }
        return nil
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
