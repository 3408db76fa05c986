import MailboxFootage

/// Where the phone's screen is in a walkthrough's picture, and how many pixels make a point: found from the
/// picture's size and its first frames (a title bar above, mailsim's caption strip below, a border).
public struct ScreenPlacement: Sendable, Equatable {
    /// The screen's rectangle in the picture, in pixels.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    /// Pixels a point (1, 2 or 3).
    public var scale: Int
    /// The phone's screen width in points (320 for the assignment's iPhone 5): more than `pointWidth` when the
    /// recording was cropped.
    public var phoneWidth: Int

    public init(x: Int, y: Int, width: Int, height: Int, scale: Int, phoneWidth: Int? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.scale = scale
        self.phoneWidth = max(phoneWidth ?? width / max(1, scale), width / max(1, scale))
    }

    /// The screen's width and height in points.
    public var pointWidth: Int { width / scale }
    public var pointHeight: Int { height / scale }

    /// Phone screens' widths in points, the iPhone 5 (the assignment's Simulator) first.
    static let phoneWidths = [320, 375, 390, 393, 414, 428, 430]
    /// Their heights, in the same order.
    static let phoneHeights = [568, 667, 844, 852, 896, 926, 932]

    /// The placement in `frame`'s picture. The scale is the whole number that makes the width nearest a phone's;
    /// rows taller than that phone's screen are a title bar on top (light, the same in every frame) or a caption
    /// strip below (dark), taken off; a 1-pixel border of one colour on the sides is taken off too.
    public static func find(in frame: FootageFrame) -> ScreenPlacement {
        var best = (scale: 1, phone: 0, miss: Int.max)
        for scale in 1...3 {
            for (i, width) in phoneWidths.enumerated() {
                let miss = abs(frame.width - width * scale)
                if miss < best.miss { best = (scale, i, miss) }
            }
        }
        let scale = best.scale
        var x = 0
        var width = frame.width
        if width >= 4, isUniformColumn(frame, 0), isUniformColumn(frame, frame.width - 1) {
            x = 1
            width -= 2
        }
        let expected = phoneHeights[best.phone] * scale
        var y = 0
        var height = frame.height
        if height > expected + scale {
            let extra = height - expected
            // Dark rows at the bottom are a caption strip (mailsim record); else the extra is a title bar on top.
            if darkRows(frame, from: frame.height - extra, to: frame.height) {
                height = expected
            } else {
                y = extra
                height = expected
            }
        }
        return ScreenPlacement(
            x: x, y: y, width: width, height: height, scale: scale, phoneWidth: phoneWidths[best.phone])
    }

    private static func isUniformColumn(_ frame: FootageFrame, _ x: Int) -> Bool {
        let first = frame.pixel(x, 0)
        var y = 0
        while y < frame.height {
            if Colour.distance(frame.pixel(x, y), first) > 12 { return false }
            y += 1
        }
        // A column the same colour as its neighbour is the picture's own edge, not a border.
        let inner = x == 0 ? 1 : frame.width - 2
        var differ = 0
        y = 0
        while y < frame.height {
            if Colour.distance(frame.pixel(inner, y), first) > 12 { differ += 1 }
            y += 1
        }
        return differ * 4 > frame.height
    }

    private static func darkRows(_ frame: FootageFrame, from: Int, to: Int) -> Bool {
        var dark = 0
        var total = 0
        var y = max(0, from)
        while y < to {
            var x = 0
            while x < frame.width {
                if Colour.luminance(frame.pixel(x, y)) < 64 { dark += 1 }
                total += 1
                x += 4
            }
            y += 1
        }
        return total > 0 && dark * 2 > total
    }
}
