import MailboxFootage

/// An iOS-like home screen: a dark wallpaper, four columns of rounded icon squares and a dock, as a walkthrough
/// that starts or ends outside the app shows it.
public enum HomeScreen {
    /// The home screen as one picture of `width` × `height` (icons scaled to the width: 60 px at 320).
    public static func pixels(width: Int, height: Int) -> [UInt32] {
        var pixels = [UInt32](repeating: 0, count: width * height)
        // The wallpaper: dark blue at the top to near black at the bottom.
        for y in 0..<height {
            let t = height > 1 ? y * 255 / (height - 1) : 0
            let r = 0x1E - 0x12 * t / 255
            let g = 0x2A - 0x1A * t / 255
            let b = 0x4E - 0x30 * t / 255
            let color = UInt32(r << 16 | g << 8 | b)
            for x in 0..<width { pixels[y * width + x] = color }
        }
        let icon = Swift.max(4, width * 60 / 320)
        let gap = (width - 4 * icon) / 5
        let colors: [UInt32] = [
            0x34C759, 0x007AFF, 0xFF9500, 0xFF3B30, 0x5856D6, 0xFFCC00, 0x8E8E93, 0xAF52DE, 0x5AC8FA, 0xFF2D55
        ]
        var n = 0
        var top = gap + icon / 3
        let dockTop = height - icon - 2 * gap
        while top + icon < dockTop && n < 20 {
            for column in 0..<4 {
                square(&pixels, width, height, left: gap + column * (icon + gap), top: top, side: icon, colors[n % 10])
                n += 1
            }
            top += icon + gap + icon / 3
        }
        // The dock: a lighter band with four icons.
        for y in Swift.max(0, dockTop - gap / 2)..<height {
            for x in 0..<width { pixels[y * width + x] = 0x3A3F4B }
        }
        for column in 0..<4 {
            square(&pixels, width, height, left: gap + column * (icon + gap), top: dockTop, side: icon, colors[column])
        }
        return pixels
    }

    /// A square of `side` with corners rounded to a fifth of it.
    private static func square(
        _ pixels: inout [UInt32], _ width: Int, _ height: Int, left: Int, top: Int, side: Int, _ color: UInt32
    ) {
        let r = side / 5
        for y in top..<(top + side) where y >= 0 && y < height {
            for x in left..<(left + side) where x >= 0 && x < width {
                let dx = Swift.max(0, Swift.max(left + r - x, x - (left + side - 1 - r)))
                let dy = Swift.max(0, Swift.max(top + r - y, y - (top + side - 1 - r)))
                if dx * dx + dy * dy <= r * r { pixels[y * width + x] = color }
            }
        }
    }
}

extension [FootageFrame] {
    /// The walkthrough with the home screen shown `before` seconds before it and `after` seconds after it, each
    /// as `frames` frames (a recorder started on the home screen, the app opened, closed again).
    public func withHomeScreen(before: Double, after: Double, frames count: Int = 3) -> [FootageFrame] {
        guard let first = self.first else { return self }
        let home = HomeScreen.pixels(width: first.width, height: first.height)
        func stretch(_ seconds: Double) -> [FootageFrame] {
            guard seconds > 0 && count > 0 else { return [] }
            return (0..<count).map { _ in
                FootageFrame(
                    index: 0, start: 0, duration: seconds / Double(count), width: first.width, height: first.height,
                    pixels: home)
            }
        }
        return (stretch(before) + self + stretch(after)).retimed()
    }
}
