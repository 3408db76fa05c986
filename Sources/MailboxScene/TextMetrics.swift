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
