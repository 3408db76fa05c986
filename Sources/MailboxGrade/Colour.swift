/// A colour as 0xRRGGBB, with the few measures the reading needs (all in whole numbers: no floating point per
/// pixel).
public struct Colour: Sendable, Equatable, Hashable {
    public var rgb: UInt32

    public init(_ rgb: UInt32) { self.rgb = rgb & 0xFF_FFFF }

    public var red: Int { Int(truncatingIfNeeded: (rgb >> 16) & 0xFF) }
    public var green: Int { Int(truncatingIfNeeded: (rgb >> 8) & 0xFF) }
    public var blue: Int { Int(truncatingIfNeeded: rgb & 0xFF) }

    /// The largest difference of a channel from `other`'s.
    @inlinable public func distance(to other: Colour) -> Int {
        Colour.distance(rgb, other.rgb)
    }

    /// The largest channel difference between two 0xRRGGBB values.
    @inlinable public static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(truncatingIfNeeded: (a >> 16) & 0xFF) - Int(truncatingIfNeeded: (b >> 16) & 0xFF)
        let dg = Int(truncatingIfNeeded: (a >> 8) & 0xFF) - Int(truncatingIfNeeded: (b >> 8) & 0xFF)
        let db = Int(truncatingIfNeeded: a & 0xFF) - Int(truncatingIfNeeded: b & 0xFF)
        return max(abs(dr), abs(dg), abs(db))
    }

    /// Luminance, 0…255 (Rec. 601 weights).
    @inlinable public static func luminance(_ c: UInt32) -> Int {
        let r = Int(truncatingIfNeeded: (c >> 16) & 0xFF)
        let g = Int(truncatingIfNeeded: (c >> 8) & 0xFF)
        let b = Int(truncatingIfNeeded: c & 0xFF)
        return (r * 299 + g * 587 + b * 114) / 1000
    }

    /// The largest channel minus the smallest: 0 for a gray, up to 255.
    public var chroma: Int { max(red, green, blue) - min(red, green, blue) }

    /// The largest channel, 0…255.
    public var value: Int { max(red, green, blue) }

    /// Hue in degrees, 0..<360 (0 for a gray).
    public var hue: Int {
        let high = max(red, green, blue)
        let c = chroma
        if c == 0 { return 0 }
        var h: Int
        if high == red {
            h = 60 * (green - blue) / c
        } else if high == green {
            h = 120 + 60 * (blue - red) / c
        } else {
            h = 240 + 60 * (red - green) / c
        }
        if h < 0 { h += 360 }
        return h
    }

    /// A gray: little difference between channels (a recording's colour management moves each channel by up to
    /// about 18), neither white nor black.
    public var isGray: Bool { chroma <= 40 }

    /// White or nearly (a row's own background).
    public var isWhite: Bool { min(red, green, blue) >= 244 }

    /// Dark (a status bar, a caption strip, a menu): nothing revealed behind a row is this dark.
    public var isDark: Bool { value < 56 }

    /// `#RRGGBB`.
    public var hex: String {
        let digits: [Character] = Array("0123456789ABCDEF")
        var text = "#"
        var shift: UInt32 = 20
        for _ in 0..<6 {
            text.append(digits[Int(truncatingIfNeeded: (rgb >> shift) & 0xF)])
            if shift >= 4 { shift -= 4 }
        }
        return text
    }

    /// The median of each channel of `colours` (not empty), as 0xRRGGBB: a run's or a group's colour, whatever
    /// strays a few of its pixels hold.
    static func median(_ colours: [UInt32]) -> UInt32 {
        var r = colours.map { Int(truncatingIfNeeded: ($0 >> 16) & 0xFF) }
        var g = colours.map { Int(truncatingIfNeeded: ($0 >> 8) & 0xFF) }
        var b = colours.map { Int(truncatingIfNeeded: $0 & 0xFF) }
        r.sort()
        g.sort()
        b.sort()
        let m = colours.count / 2
        return UInt32(truncatingIfNeeded: r[m] << 16 | g[m] << 8 | b[m])
    }
}
