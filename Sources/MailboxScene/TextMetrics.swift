import MailboxText

/// How wide a line of text is drawn, from the advance widths of the fonts a scene uses (DejaVu Sans and
/// DejaVu Sans Bold, 2048 units an em, without kerning, as cairo's text API and an SVG renderer lay them out;
/// DejaVu Sans Mono is 1233 units every glyph). Characters outside printable ASCII count as a whole em, more
/// than any of them takes but for a few, so a line fitted by these numbers never runs past its room.
public enum TextMetrics {
    /// The width in points of `string` at `size` in `font`.
    public static func width(_ string: String, size: Double, font: SceneFont = .sans) -> Double {
        var units = 0
        for scalar in string.unicodeScalars {
            units += advance(scalar, font: font)
        }
        return Double(units) * size / 2048
    }

    /// `string` as it fits in `room` points: whole, or cut at a character and ended with an ellipsis `…`
    /// (the whole of it within `room`).
    public static func fitted(_ string: String, room: Double, size: Double, font: SceneFont = .sans) -> String {
        if width(string, size: size, font: font) <= room { return string }
        let ellipsis = width("…", size: size, font: font)
        var kept = ""
        var used = 0.0
        for character in string {
            let next = width(String(character), size: size, font: font)
            if used + next + ellipsis > room { break }
            kept.append(character)
            used += next
        }
        return kept + "…"
    }

    /// Where cairo puts each glyph of `string` drawn at `size` points from `x` (its start, middle or end, as
    /// `anchor` says) at `scale` pixels a point, in whole pixels: each glyph's advance hinted to whole pixels (the
    /// advance in the font's units at the pixel size, rounded: what FreeType's light hinting gives for these fonts),
    /// the start rounded to a pixel as cairo rounds glyph positions. Only the leading characters whose advances are
    /// known (printable ASCII) are placed; an anchored text with any other is not placed at all (empty).
    public static func pixelPositions(
        _ string: String, size: Double, font: SceneFont, scale: Int, x: Double, anchor: SceneText.Anchor
    ) -> [Int] {
        let pixels = size * Double(scale)
        var advances: [Int] = []
        for scalar in string.unicodeScalars {
            let value = Int(scalar.value)
            guard value >= 32 && value < 127 else {
                if anchor != .start { return [] }
                break
            }
            advances.append(hintedAdvance(scalar, font: font, pixels: pixels))
        }
        let total = advances.reduce(0, +)
        var start = x * Double(scale)
        if anchor == .middle { start -= Double(total) / 2 }
        if anchor == .end { start -= Double(total) }
        var at = clampedInt((start + 0.5).rounded(.down))
        var positions: [Int] = []
        positions.reserveCapacity(advances.count)
        for width in advances {
            positions.append(at)
            at += width
        }
        return positions
    }

    /// The advance in whole pixels of a printable ASCII `scalar` at `pixels` pixels an em, as cairo hints it: the
    /// font's advance rounded, but where FreeType's light hinting moves it (`HintedAdvances`).
    static func hintedAdvance(_ scalar: Unicode.Scalar, font: SceneFont, pixels: Double) -> Int {
        let units = advance(scalar, font: font)
        let rounded = clampedInt((Double(units) * pixels / 2048).rounded())
        guard pixels == pixels.rounded(), let size = wholeNumber(pixels, in: HintedAdvances.sizes) else {
            return rounded
        }
        let fontIndex: UInt32 = font == .mono ? 2 : font == .sansBold ? 1 : 0
        let key = fontIndex << 24 | UInt32(truncatingIfNeeded: size) << 16 | (scalar.value & 0xFF) << 8
        // The sorted table's first entry at or past the key (font, size, character, 0).
        var low = 0
        var high = HintedAdvances.exceptions.count
        while low < high {
            let middle = (low + high) / 2
            if HintedAdvances.exceptions[middle] < key { low = middle + 1 } else { high = middle }
        }
        guard low < HintedAdvances.exceptions.count, HintedAdvances.exceptions[low] >> 8 == key >> 8 else {
            return rounded
        }
        return Int(truncatingIfNeeded: HintedAdvances.exceptions[low] & 0xFF)
    }

    static func advance(_ scalar: Unicode.Scalar, font: SceneFont) -> Int {
        if font == .mono { return 1233 }
        if scalar == "…" { return 2048 }
        let value = Int(scalar.value)
        guard value >= 32 && value < 127 else { return 2048 }
        return font == .sansBold ? bold[value - 32] : regular[value - 32]
    }

    /// Advance widths of " " through "~".
    static let regular = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303, 1303, 1303, 1303,
        1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048, 1401, 1405, 1430, 1577, 1294,
        1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025,
        1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569,
        1186, 569, 1995, 1298, 1253, 1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303,
        1716
    ]
    static let bold = [
        713, 934, 1067, 1716, 1425, 2052, 1786, 627, 936, 936, 1071, 1716, 778, 850, 778, 748, 1425, 1425, 1425, 1425,
        1425, 1425, 1425, 1425, 1425, 1425, 819, 819, 1716, 1716, 1716, 1188, 2048, 1585, 1561, 1503, 1700, 1399,
        1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501, 1741, 1577, 1475, 1397, 1663, 1585, 2259,
        1579, 1483, 1485, 936, 748, 936, 1716, 1024, 1024, 1382, 1466, 1214, 1466, 1389, 891, 1466, 1458, 702, 702,
        1362, 702, 2134, 1458, 1407, 1466, 1466, 1010, 1219, 979, 1458, 1335, 1892, 1321, 1335, 1192, 1458, 748,
        1458, 1716
    ]
}
