import MailboxScene

/// The one 256-colour palette of mailsim's GIFs: every colour a scene paints at full opacity, exactly
/// (SPEC's palette and the chrome), then a 6×6×6 colour cube and a grey ramp for anti-aliased edges and fades.
struct GIFPalette: Sendable {
    /// 0xRRGGBB of each index.
    let colors: [UInt32]
    /// How many leading entries are the exact colours.
    let exactCount: Int
    /// The exact colours, hashed: slot → rgb + 1 (0 empty) and its index.
    private let exactKeys: [UInt32]
    private let exactIndices: [UInt8]
    /// The nearest palette index of each 15-bit colour (5 bits a channel), for colours not exact.
    private let nearest: [UInt8]

    static let shared = GIFPalette(exact: DrawingStyle.exactColors.map(\.rgb))

    init(exact: [UInt32]) {
        var colors: [UInt32] = []
        for rgb in exact where !colors.contains(rgb) { colors.append(rgb) }
        exactCount = colors.count
        for r in 0..<6 { for g in 0..<6 { for b in 0..<6 {
            let rgb = UInt32(r * 51) << 16 | UInt32(g * 51) << 8 | UInt32(b * 51)
            colors.append(rgb)
        } } }
        let grays = 256 - colors.count
        for i in 0..<grays {
            let v = UInt32((Double(i + 1) * 255 / Double(grays + 1)).rounded())
            colors.append(v << 16 | v << 8 | v)
        }
        self.colors = colors
        var keys = [UInt32](repeating: 0, count: 64)
        var indices = [UInt8](repeating: 0, count: 64)
        for (i, rgb) in colors.prefix(exactCount).enumerated() {
            var slot = GIFPalette.slot(rgb)
            while keys[slot] != 0 { slot = (slot + 1) & 63 }
            keys[slot] = rgb + 1
            indices[slot] = UInt8(i)
        }
        exactKeys = keys
        exactIndices = indices
        var table = [UInt8](repeating: 0, count: 1 << 15)
        for cell in 0..<(1 << 15) {
            let r = Int((cell >> 10) & 31) * 255 / 31, g = Int((cell >> 5) & 31) * 255 / 31, b = Int(cell & 31) * 255 / 31
            var best = 0, bestDistance = Int.max
            for (i, rgb) in colors.enumerated() {
                let dr = Int(rgb >> 16) - r, dg = Int((rgb >> 8) & 0xFF) - g, db = Int(rgb & 0xFF) - b
                let distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db
                if distance < bestDistance { best = i; bestDistance = distance }
            }
            table[cell] = UInt8(best)
        }
        nearest = table
    }

    private static func slot(_ rgb: UInt32) -> Int { Int((rgb &* 2_654_435_761) >> 26) & 63 }

    /// The index of `rgb` (0xRRGGBB): its own entry when it is an exact colour, else the nearest.
    @inline(__always)
    func index(of rgb: UInt32) -> UInt8 {
        var slot = GIFPalette.slot(rgb)
        while true {
            let key = exactKeys[slot]
            if key == rgb + 1 { return exactIndices[slot] }
            if key == 0 { break }
            slot = (slot + 1) & 63
        }
        let cell = (rgb >> 9) & 0x7C00 | (rgb >> 6) & 0x03E0 | (rgb >> 3) & 0x001F
        return nearest[Int(cell)]
    }
}
