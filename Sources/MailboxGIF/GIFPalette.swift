import CMaths

/// The distinct 0xRRGGBB colours of a set of pixels and how many pixels have each: a hash table with open
/// addressing that keeps its room between frames. Each colour also holds a byte, its entry in the palette.
struct ColorHistogram {
    static let empty = UInt32.max
    private(set) var keys: [UInt32]
    private(set) var counts: [Int32]
    /// The palette entry of the colour in each slot (set by `assign`).
    private(set) var entries: [UInt8]
    /// The slots in use, in the order their colours were first seen.
    private(set) var used: [Int32] = []
    private var mask: Int

    init(capacity: Int = 4096) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: Self.empty, count: size)
        counts = [Int32](repeating: 0, count: size)
        entries = [UInt8](repeating: 0, count: size)
        mask = size - 1
    }

    var count: Int { used.count }

    /// The colours, in the order they were first seen, with their pixel counts.
    var colors: [UInt32] { used.map { keys[Int(truncatingIfNeeded: $0)] } }
    var pixelCounts: [Int32] { used.map { counts[Int(truncatingIfNeeded: $0)] } }

    mutating func removeAll() {
        for slot in used {
            keys[Int(truncatingIfNeeded: slot)] = Self.empty
            counts[Int(truncatingIfNeeded: slot)] = 0
        }
        used.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    private func hash(_ rgb: UInt32) -> Int { Int(truncatingIfNeeded: (rgb &* 2_654_435_761) >> 8) }

    /// Counts `times` more pixels of `rgb`.
    @inline(__always)
    mutating func add(_ rgb: UInt32, times: Int32 = 1) {
        if used.count * 2 >= keys.count { grow() }
        var slot = hash(rgb) & mask
        while true {
            let key = keys[slot]
            if key == rgb {
                counts[slot] &+= times
                return
            }
            if key == Self.empty { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = rgb
        counts[slot] = times
        used.append(Int32(truncatingIfNeeded: slot))
    }

    /// The palette entry of `rgb`, which must have been added.
    @inline(__always)
    func entry(of rgb: UInt32) -> UInt8 {
        var slot = hash(rgb) & mask
        while keys[slot] != rgb { slot = (slot + 1) & mask }
        return entries[slot]
    }

    /// The palette entry of `rgb`, or nil when it was not added.
    @inline(__always)
    func entryIfPresent(of rgb: UInt32) -> UInt8? {
        var slot = hash(rgb) & mask
        while true {
            let key = keys[slot]
            if key == rgb { return entries[slot] }
            if key == Self.empty { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// Gives the i-th colour (in `colors` order) palette entry `entry[i]`.
    mutating func assign(_ entry: [UInt8]) {
        for (i, slot) in used.enumerated() { entries[Int(truncatingIfNeeded: slot)] = entry[i] }
    }

    private mutating func grow() {
        let old = used.map { (keys[Int(truncatingIfNeeded: $0)], counts[Int(truncatingIfNeeded: $0)]) }
        self = ColorHistogram(capacity: keys.count)
        for (rgb, n) in old { add(rgb, times: n) }
    }
}

/// A GIF frame's own colour table, made from the colours its pixels really have (so a fade, a tuned palette
/// or a dimmed sheet keeps its colours). Up to `limit` colours are kept exactly. Beyond (an overlay fading
/// over the list blends every colour of one with every colour of the other: 1500 colours at times), the
/// entries are colours of the frame chosen so that every colour is near one: the most common colours first
/// (the flat areas stay exact), then again and again the colour farthest from every entry so far, distances
/// measured in CIELAB (ΔE76: how different they look); each colour is drawn by its nearest entry. This is
/// the farthest-point rule, within twice the best possible worst error; in practice a worst ΔE under 2.
public struct GIFPalette: Sendable {
    /// 0xRRGGBB of each entry.
    public let colors: [UInt32]
    /// The entry of each input colour, in input order.
    public let entries: [UInt8]
    /// The largest ΔE76 between an input colour and its entry's colour.
    public let maxDeltaE: Double
    /// The largest difference in any channel between an input colour and its entry's colour.
    public let maxChannelError: Int
    /// How many of the most common colours are entries before the farthest-point rule picks the rest.
    static let commonKept = 8

    /// The palette of `colors` (distinct 0xRRGGBB), each seen on `counts[i]` pixels, in at most `limit`
    /// (1…256) entries.
    public init(colors: [UInt32], counts: [Int32], limit: Int = 256) {
        precondition(colors.count == counts.count && (1...256).contains(limit))
        guard colors.count > limit else {
            self.colors = colors
            entries = colors.indices.map { UInt8(truncatingIfNeeded: $0) }
            maxDeltaE = 0
            maxChannelError = 0
            return
        }
        let n = colors.count
        let lab = colors.map(Self.lab)
        // The squared distance of each colour to its nearest entry so far, and that entry.
        var nearest = [Float](repeating: .infinity, count: n)
        var entry = [UInt8](repeating: 0, count: n)
        var palette: [UInt32] = []
        func take(_ c: Int) {
            let k = UInt8(truncatingIfNeeded: palette.count)
            palette.append(colors[c])
            let (l, a, b) = lab[c]
            for i in 0..<n {
                let dl = lab[i].0 - l
                let da = lab[i].1 - a
                let db = lab[i].2 - b
                let d = dl * dl + da * da + db * db
                if d < nearest[i] {
                    nearest[i] = d
                    entry[i] = k
                }
            }
        }
        let common = colors.indices.sorted {
            counts[$0] != counts[$1] ? counts[$0] > counts[$1] : colors[$0] < colors[$1]
        }
        for c in common.prefix(min(Self.commonKept, limit)) { take(c) }
        while palette.count < limit {
            var farthest = 0
            for i in 1..<n where nearest[i] > nearest[farthest] { farthest = i }
            guard nearest[farthest] > 0 else { break }
            take(farthest)
        }
        self.colors = palette
        entries = entry
        maxDeltaE = Double(nearest.max() ?? 0).squareRoot()
        var worst = 0
        for i in 0..<n {
            worst = max(worst, Self.channelDistance(colors[i], palette[Int(truncatingIfNeeded: entry[i])]))
        }
        maxChannelError = worst
    }

    /// The largest difference in one channel between two 0xRRGGBB colours.
    public static func channelDistance(_ x: UInt32, _ y: UInt32) -> Int {
        var worst = 0
        for shift in [16, 8, 0] as [UInt32] {
            worst = max(
                worst, abs(Int(truncatingIfNeeded: (x >> shift) & 0xFF) - Int(truncatingIfNeeded: (y >> shift) & 0xFF)))
        }
        return worst
    }

    /// ΔE76 between two 0xRRGGBB colours.
    public static func deltaE(_ x: UInt32, _ y: UInt32) -> Double {
        let p = lab(x)
        let q = lab(y)
        return Double((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
    }

    /// CIELAB (D65) of an sRGB 0xRRGGBB colour.
    static func lab(_ rgb: UInt32) -> (Float, Float, Float) {
        func linear(_ v: UInt32) -> Double {
            let c = Double(v & 0xFF) / 255
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow(2.4)
        }
        let r = linear(rgb >> 16)
        let g = linear(rgb >> 8)
        let b = linear(rgb)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? t.cubeRoot : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x)
        let fy = f(y)
        let fz = f(z)
        return (Float(116 * fy - 16), Float(500 * (fx - fy)), Float(200 * (fy - fz)))
    }
}

extension Double {
    fileprivate func pow(_ e: Double) -> Double { CMaths.pow(self, e) }
    fileprivate var cubeRoot: Double { CMaths.cbrt(self) }
}
