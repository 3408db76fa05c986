import MailboxFootage

/// How a colour shift is spread over the levels.
public enum ColorShiftShape: Sendable {
    /// Every level moved by the same amount (clamped at 0 and 255).
    case uniform
    /// The full amount at mid-level, none at 0 and 255, as a display profile's conversion moves colours while
    /// keeping black and white.
    case midtones
}

extension [FootageFrame] {
    /// Each pixel's channels moved by `red`, `green` and `blue` (each within ±18: what colour management does
    /// between the code's colours and the GIF's).
    public func shiftingColors(red: Int, green: Int, blue: Int, shape: ColorShiftShape = .uniform) -> [FootageFrame] {
        precondition([red, green, blue].allSatisfy { abs($0) <= 18 })
        func move(_ level: UInt32, _ amount: Int) -> UInt32 {
            let c = Int(level)
            let shift = shape == .uniform ? amount : amount * 4 * c * (255 - c) / (255 * 255)
            return UInt32(Swift.min(255, Swift.max(0, c + shift)))
        }
        // The 256 levels of each channel, worked out once.
        let reds = (0..<256).map { move(UInt32($0), red) }
        let greens = (0..<256).map { move(UInt32($0), green) }
        let blues = (0..<256).map { move(UInt32($0), blue) }
        return map { frame in
            var frame = frame
            frame.pixels = frame.pixels.map { p in
                reds[Int(p >> 16 & 0xFF)] << 16 | greens[Int(p >> 8 & 0xFF)] << 8 | blues[Int(p & 0xFF)]
            }
            return frame
        }
    }
}
