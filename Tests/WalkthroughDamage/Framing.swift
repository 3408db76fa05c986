import MailboxFootage

/// What a screen recorder's framing does to a walkthrough: a few pixels cropped off, the Simulator's title bar and
/// a window border included.
extension [FootageFrame] {
    /// Each frame with `left`, `top`, `right` and `bottom` pixels cut off its sides.
    public func cropped(left: Int = 0, top: Int = 0, right: Int = 0, bottom: Int = 0) -> [FootageFrame] {
        map { frame in
            let width = frame.width - left - right
            let height = frame.height - top - bottom
            precondition(width > 0 && height > 0 && left >= 0 && top >= 0 && right >= 0 && bottom >= 0)
            var pixels: [UInt32] = []
            pixels.reserveCapacity(width * height)
            for y in top..<(top + height) {
                pixels += frame.pixels[(y * frame.width + left)..<(y * frame.width + left + width)]
            }
            return FootageFrame(
                index: frame.index, start: frame.start, duration: frame.duration, width: width, height: height,
                pixels: pixels)
        }
    }

    /// Each frame with a macOS title bar `height` pixels tall on top: window gray, a darker line under it, and the
    /// three window buttons (red, yellow, green) at its left.
    public func withTitleBar(height: Int = 20, color: UInt32 = 0xE7E6E7) -> [FootageFrame] {
        map { frame in
            var bar = [UInt32](repeating: color, count: frame.width * height)
            for x in 0..<frame.width { bar[(height - 1) * frame.width + x] = 0xC8C7C8 }
            let radius = Swift.max(2, height / 4)
            for (n, button) in [UInt32(0xFF5F57), 0xFEBC2E, 0x28C840].enumerated() {
                let cx = 6 + radius + n * (2 * radius + 6)
                let cy = height / 2
                for y in Swift.max(0, cy - radius)...Swift.min(height - 1, cy + radius) {
                    for x in Swift.max(0, cx - radius)...Swift.min(frame.width - 1, cx + radius)
                    where (x - cx) * (x - cx) + (y - cy) * (y - cy) <= radius * radius {
                        bar[y * frame.width + x] = button
                    }
                }
            }
            return FootageFrame(
                index: frame.index, start: frame.start, duration: frame.duration, width: frame.width,
                height: frame.height + height, pixels: bar + frame.pixels)
        }
    }

    /// Each frame inside a border `width` pixels wide of `color` (the window's edge).
    public func withBorder(width border: Int = 1, color: UInt32 = 0x6E6E6E) -> [FootageFrame] {
        map { frame in
            let width = frame.width + 2 * border
            let height = frame.height + 2 * border
            var pixels = [UInt32](repeating: color, count: width * height)
            for y in 0..<frame.height {
                let to = (y + border) * width + border
                pixels.replaceSubrange(
                    to..<(to + frame.width), with: frame.pixels[(y * frame.width)..<((y + 1) * frame.width)])
            }
            return FootageFrame(
                index: frame.index, start: frame.start, duration: frame.duration, width: width, height: height,
                pixels: pixels)
        }
    }
}
