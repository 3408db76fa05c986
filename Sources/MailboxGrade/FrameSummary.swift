/// What the reading keeps of one frame once its pixels are gone: its revealed bands, a coarse picture of its
/// luminance and texture (each row of points in eight columns) and the tint of its top bar. A few kilobytes a frame, so a
/// walkthrough of thousands of frames is read in bounded memory.
struct FrameSummary {
    var index: Int
    var start: Double
    var duration: Double
    var bands: [RevealedBand]
    /// Mean luminance of each row of points, in `columns` equal columns: `luma[y * columns + c]`.
    var luma: [UInt8]
    /// How busy each of those cells is: the mean luminance step between neighbouring points (text and icons make
    /// it large), so two rows of a feed with the same layout and different words tell apart.
    var texture: [UInt8]
    /// The top bar's tint: the hue family of its most common saturated colour, and how much of the bar is saturated
    /// (a share of 1,000).
    var tint: HueFamily?
    var saturatedShare: Int
    /// The middle of the top bar's tinted span, in points from the picture's left: the segmented control, which
    /// the screen centres (nil when the bar has no tint).
    var tintCentre: Int?
    var height: Int
    /// The screen's width in points.
    var width: Int

    static let columns = 8

    /// The mean luminance at row `y`, column `c`.
    func luma(_ y: Int, _ c: Int) -> Int { Int(truncatingIfNeeded: luma[y * FrameSummary.columns + c]) }

    /// The texture at row `y`, column `c`.
    func texture(_ y: Int, _ c: Int) -> Int { Int(truncatingIfNeeded: texture[y * FrameSummary.columns + c]) }

    init(index: Int, start: Double, duration: Double, frame: PointFrame) {
        self.index = index
        self.start = start
        self.duration = duration
        bands = RevealedBand.find(in: frame)
        height = frame.height
        width = frame.width
        let columns = FrameSummary.columns
        var luma = [UInt8](repeating: 0, count: frame.height * columns)
        var texture = luma
        let w = frame.width
        for y in 0..<frame.height {
            for c in 0..<columns {
                let from = c * w / columns
                let to = (c + 1) * w / columns
                var sum = 0
                var steps = 0
                var last = Colour.luminance(frame.pixel(from, y))
                for x in from..<to {
                    let l = Colour.luminance(frame.pixel(x, y))
                    sum += l
                    steps += abs(l - last)
                    last = l
                }
                luma[y * columns + c] = UInt8(truncatingIfNeeded: sum / max(1, to - from))
                texture[y * columns + c] = UInt8(truncatingIfNeeded: min(255, 4 * steps / max(1, to - from)))
            }
        }
        self.luma = luma
        self.texture = texture
        // The top bar: the rows from the status bar's foot to the navigation bar's (20 to 64 points on the
        // assignment's phone), its middle (the segmented control).
        var counts = [Int](repeating: 0, count: HueFamily.allCases.count)
        var saturated = 0
        var total = 0
        var leftmost = Int.max
        var rightmost = -1
        let top = min(20, frame.height)
        let bottom = min(64, frame.height)
        for y in top..<bottom {
            var x = w / 5
            while x < w * 4 / 5 {
                let colour = Colour(frame.pixel(x, y))
                total += 1
                if colour.chroma >= 60, colour.value >= 120 {
                    saturated += 1
                    leftmost = min(leftmost, x)
                    rightmost = max(rightmost, x)
                    counts[HueFamily(hue: colour.hue).ordinal] += 1
                }
                x += 1
            }
        }
        saturatedShare = total == 0 ? 0 : saturated * 1000 / total
        var bestFamily: HueFamily?
        var bestCount = 0
        for family in HueFamily.allCases where counts[family.ordinal] > bestCount {
            bestCount = counts[family.ordinal]
            bestFamily = family
        }
        tint = bestCount * 1000 >= max(1, total) * 15 ? bestFamily : nil
        tintCentre = tint == nil ? nil : (leftmost + rightmost) / 2
    }
}

/// A colour's hue, named coarsely: enough to tell the segmented control's blue, yellow and green apart, and a
/// row's green from its red.
public enum HueFamily: String, CaseIterable, Sendable {
    case red, orange, yellow, green, blue, purple

    init(hue: Int) {
        switch hue {
        case 0..<18, 330..<360: self = .red
        case 18..<38: self = .orange
        case 38..<70: self = .yellow
        case 70..<170: self = .green
        case 170..<260: self = .blue
        default: self = .purple
        }
    }

    var ordinal: Int {
        switch self {
        case .red: 0
        case .orange: 1
        case .yellow: 2
        case .green: 3
        case .blue: 4
        case .purple: 5
        }
    }
}
