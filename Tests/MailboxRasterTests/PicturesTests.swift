import Testing

@testable import MailboxAnimation
@testable import MailboxRaster
@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// The drawing of the screen is derived from the simulation's numbers, and cairo paints them where
/// SPEC says (pixel checks at scale 2, read from cairo's own surface; Tests/pictures reads the files).
@Suite struct PicturesTests {
    static func screen(_ lines: String...) throws -> ScreenSnapshot {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session.screen.snapshot()
    }

    /// The colour of point (x, y) when drawn at `scale`.
    static func pixel(_ raster: Raster, _ x: Double, _ y: Double, scale: Double = 2) -> UInt32 {
        let px = Int(x * scale)
        let py = Int(y * scale)
        var found: UInt32 = 0
        raster.withRows { row, pixels in if row == py { found = pixels[px] & 0xFF_FFFF } }
        return found
    }

    @Test func aSwipeLeftRevealsYellowBesideTheFace() throws {
        let scene = Scene(screen: try Self.screen("pan msg1 -180"))
        let raster = try Raster(scene, scale: 2)
        #expect(raster.width == 640 && raster.height == 1136)
        // SPEC §2: −260 < x ≤ −60 is yellow; the face (320 wide at x −180) ends at x 140.
        #expect(Self.pixel(raster, 300, 150) == 0xFECA16)
        #expect(Self.pixel(raster, 141, 147) == 0xFECA16)
        for x in stride(from: 0.0, through: 138, by: 6) { #expect(Self.pixel(raster, x, 146) == 0xFFFFFF, "x \(x)") }
        // The later glyph (a clock) is centred at icon.x = 350 + x = 170 on the row's centre line, in white.
        #expect(Self.pixel(raster, 170, 187) == 0xFFFFFF)
        #expect(Self.pixel(raster, 164, 190) == 0xFECA16)  // inside the clock's ring, off its hands
    }

    @Test func eachZoneFillsTheSlotWithItsColour() throws {
        for (dx, rgb): (Double, UInt32) in [
            (-30, 0xB2B2B2), (-100, 0xFECA16), (-280, 0xCE9662), (30, 0xB2B2B2),
            (100, 0x55D550), (280, 0xE73D0E)
        ] {
            let screen = try Self.screen("pan msg2 \(formatNumber(dx))")
            let raster = try Raster(Scene(screen: screen), scale: 1)
            // A point of the slot the face has left, away from the icon: 4 pt in from the uncovered edge.
            let x = dx < 0 ? 316.0 : 4.0
            #expect(Self.pixel(raster, x, 232, scale: 1) == rgb, "pan msg2 \(dx)")
        }
    }

    @Test func theOverlayIsDrawnAtItsAlphaAndNotAtZero() throws {
        // Half way through the fade in (0.15 s of 0.3 s, easeInOut: 0.5), yellow over the white bar is half mixed.
        let half = try Self.screen("pan msg1 -180", "release", "advance 0.45")
        #expect(half.overlay?.alpha == 0.5)
        let mixed = Self.pixel(try Raster(Scene(screen: half), scale: 2), 160, 25)
        let expected: [UInt32] = [0xFE, 0xE5, 0x8A]  // (0xFECA16 + 0xFFFFFF) / 2, rounded either way
        for (shift, want) in zip([16, 8, 0], expected) {
            #expect(abs(Int((mixed >> UInt32(shift)) & 0xFF) - Int(want)) <= 1, "channel \(shift)")
        }
        let none = try Self.screen("pan msg1 -180", "release", "advance 0.3")
        #expect(none.overlay?.alpha == 0)
        #expect(!Scene(screen: none).nodes.contains { if case .group(let g) = $0 { g.opacity == 0 } else { false } })
    }

    @Test func theComposeSheetIsAtComposeY() throws {
        // Half way up: y = 568 + (80 − 568) / 2 = 324; above it the dim (0.3 black over white → 0xB3).
        let screen = try Self.screen("compose", "advance 0.15")
        #expect(screen.compose.y == 324)
        let raster = try Raster(Scene(screen: screen), scale: 2)
        #expect(Self.pixel(raster, 300, 330) == 0xFFFFFF)
        let dimmed = Self.pixel(raster, 300, 318) & 0xFF
        #expect(abs(Int(dimmed) - 0xB3) <= 1)
    }

    @Test func theMenuShowsWhereTheContentHasMovedAway() throws {
        let screen = try Self.screen("edgepan 100", "release 0")
        let raster = try Raster(Scene(screen: screen), scale: 1)
        #expect(Self.pixel(raster, 2, 300, scale: 1) == DrawingStyle.menuBackground.color.rgb)
        #expect(Self.pixel(raster, 2, 300, scale: 1) != Self.pixel(raster, 300, 300, scale: 1))
    }

    @Test func aHidingRowIsClippedToItsSlot() throws {
        // Archive msg1, then half way through the hide (height 43): msg2's top is at 144 + 43.
        let screen = try Self.screen("pan msg1 100", "release", "advance 0.45")
        #expect(screen.rows[0].height == 43 && screen.rows[1].y == 187)
        let scene = Scene(screen: screen)
        let clips = scene.nodes.compactMap { node -> SceneRect? in if case .group(let g) = node { g.clip } else { nil }
        }
        #expect(clips.contains(SceneRect(x: 0, y: 144, width: 320, height: 43)))
        #expect(clips.contains(SceneRect(x: 0, y: 187, width: 320, height: 86)))
    }

    @Test func svgIsTheSameBytesEveryTimeAndEscapesText() throws {
        let screen = try Self.screen("compose", #"type "<a & \"b\">""#, "settle")
        let first = SVGWriter.document(Scene(screen: screen))
        #expect(first == SVGWriter.document(Scene(screen: screen)))
        #expect(first.contains("&lt;a &amp; &quot;b&quot;&gt;"))
        #expect(first.contains("viewBox=\"0 0 320 568\""))
    }
}
