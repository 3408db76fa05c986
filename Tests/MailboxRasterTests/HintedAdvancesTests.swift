import CCairo
import Foundation
import Testing

@testable import MailboxRaster
@testable import MailboxScene

/// The text of the page's GIF frames is placed glyph by glyph where cairo puts it (`TextMetrics.pixelPositions`), so
/// the hinted advances the scene believes must be cairo's own: every printable ASCII character of the three fonts at
/// every size in pixels the scenes draw (9 to 104: 9 to 26 points at 1 to 4 pixels a point). On a difference, the
/// test prints the table as it should be; MAILSIM_UPDATE_HINTING=1 writes it (Sources/MailboxScene/HintedAdvances.swift).
@Suite struct HintedAdvancesTests {
    static let fonts: [SceneFont] = [.sans, .sansBold, .mono]

    /// cairo's hinted advance of each character, at each size, for `font`.
    static func cairoAdvances(_ font: SceneFont) throws -> [Int: [Int]] {
        let cairo = try CairoLibrary.load()
        let surface = try #require(cairo.imageSurfaceCreate(CAIRO_FORMAT_RGB24, 8, 8))
        defer { cairo.surfaceDestroy(surface) }
        let context = try #require(cairo.create(surface))
        // Under the lock every drawing's text takes (Raster.swift's `cairoFonts`): cairo's font caches are shared,
        // and tests drawing text at the same time deadlocked with this one in cairo (seen in a CI run: this
        // thread in cairo_text_extents, a Raster's in cairo_set_font_size, each waiting on the other's mutex).
        return cairoFonts.withLock { calls in
            defer { cairo.destroy(context) }
            let weight = font.isBold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL
            font.family.withCString { cairo.selectFontFace(context, $0, CAIRO_FONT_SLANT_NORMAL, weight) }
            var out: [Int: [Int]] = [:]
            for size in HintedAdvances.sizes {
                cairo.setFontSize(context, Double(size))
                out[size] = (32..<127).map { code in
                    var extents = cairo_text_extents_t()
                    String(UnicodeScalar(UInt8(code))).withCString { cairo.textExtents(context, $0, &extents) }
                    return Int(extents.x_advance.rounded())
                }
            }
            calls &+= 1
            return out
        }
    }

    @Test func hintedAdvancesAreCairos() throws {
        var entries: [UInt32] = []
        var differences: [String] = []
        for (index, font) in Self.fonts.enumerated() {
            let advances = try Self.cairoAdvances(font)
            for size in HintedAdvances.sizes {
                for code in 32..<127 {
                    let scalar = UnicodeScalar(UInt8(code))
                    let cairo = advances[size]![code - 32]
                    let rounded = Int((Double(TextMetrics.advance(scalar, font: font)) * Double(size) / 2048).rounded())
                    if cairo != rounded {
                        entries.append(UInt32(index) << 24 | UInt32(size) << 16 | UInt32(code) << 8 | UInt32(cairo))
                    }
                    let believed = TextMetrics.hintedAdvance(scalar, font: font, pixels: Double(size))
                    if believed != cairo {
                        differences.append(
                            "\(font) \(size) px '\(Character(scalar))': cairo \(cairo), table \(believed)")
                    }
                }
            }
        }
        #expect(entries.count < 1000, "hinting moves a few advances, not most")
        guard !differences.isEmpty else { return }
        let table = stride(from: 0, to: entries.count, by: 8).map { start in
            "        "
                + entries[start..<min(start + 8, entries.count)].map {
                    String(format: "0x%04X_%04X", $0 >> 16, $0 & 0xFFFF)
                }
                .joined(separator: ", ")
        }.joined(separator: ",\n")
        if ProcessInfo.processInfo.environment["MAILSIM_UPDATE_HINTING"] == "1" {
            let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/MailboxScene/HintedAdvances.swift").standardized.path
            var source = try String(contentsOfFile: path, encoding: .utf8)
            let start = try #require(source.range(of: "static let exceptions: [UInt32] = [\n"))
            let end = try #require(source.range(of: "\n    ]\n", range: start.upperBound..<source.endIndex))
            source.replaceSubrange(start.upperBound..<end.lowerBound, with: table)
            try source.write(toFile: path, atomically: true, encoding: .utf8)
        }
        let message =
            "\(differences.count) advances differ from cairo's, first: \(Array(differences.prefix(5))); the table "
            + "(MAILSIM_UPDATE_HINTING=1 writes it):\n" + table
        Issue.record(Comment(rawValue: message))
    }

    @Test func aPlacedTextStartsWhereCairoRoundsItsStart() {
        // "Ab" at 12 points from x 10.4, 2 pixels a point: the start 20.8 rounds to 21, then 'A' advances 16.
        let positions = TextMetrics.pixelPositions("Ab", size: 12, font: .sans, scale: 2, x: 10.4, anchor: .start)
        #expect(positions == [21, 21 + TextMetrics.hintedAdvance("A", font: .sans, pixels: 24)])
        // Centred: the start is the middle less half the hinted width, then rounded.
        let total =
            TextMetrics.hintedAdvance("A", font: .sans, pixels: 24)
            + TextMetrics.hintedAdvance("b", font: .sans, pixels: 24)
        let centred = TextMetrics.pixelPositions("Ab", size: 12, font: .sans, scale: 2, x: 100, anchor: .middle)
        #expect(centred.first == Int((200 - Double(total) / 2 + 0.5).rounded(.down)))
        // A character without a known advance ends the placed run; an anchored text with one is not placed.
        #expect(TextMetrics.pixelPositions("a→b", size: 12, font: .sans, scale: 1, x: 0, anchor: .start).count == 1)
        #expect(TextMetrics.pixelPositions("a→b", size: 12, font: .sans, scale: 1, x: 0, anchor: .end).isEmpty)
    }
}
