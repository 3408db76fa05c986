import MailboxText

/// An RGB colour with channels 0…255 (fractional while a colour animates).
public struct Color: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `0xRRGGBB`.
    public init(rgb: UInt32) {
        self.init(red: Double((rgb >> 16) & 0xFF), green: Double((rgb >> 8) & 0xFF), blue: Double(rgb & 0xFF))
    }

    /// Parses `#RRGGBB` (any case); nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 7, utf8[0] == UInt8(ascii: "#") else { return nil }
        var value: UInt32 = 0
        for byte in utf8.dropFirst() {
            guard let digit = hexDigitValue(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        self.init(rgb: value)
    }

    /// The channels rounded to bytes, as `0xRRGGBB`.
    public var rgb: UInt32 {
        func byte(_ v: Double) -> UInt32 { UInt32(clamping: clampedInt(v.rounded(), bound: 255)) }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = [UInt8(ascii: "#")]
        let value = rgb
        for shift in stride(from: 20, through: 0, by: -4) {
            out.append(digits[Int((value >> UInt32(shift)) & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The straight-line mix from `self` (p = 0) to `other` (p = 1).
    public func mixed(with other: Color, _ p: Double) -> Color {
        Color(
            red: red + (other.red - red) * p, green: green + (other.green - green) * p,
            blue: blue + (other.blue - blue) * p)
    }
}

private func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
}
