import Testing

@testable import MailboxGIF
@testable import MailboxRaster
@testable import MailboxScene
@testable import MailboxWalkthrough

/// GIF colours are the screen's colours: each frame's table is made from its own pixels (exact up to 256
/// colours, within ΔE76 2 beyond), and GIF and HTML drop repeated frames by one rule.
@Suite struct GIFPaletteTests {
    /// `a` over `b` at `alpha`, per channel, rounded as cairo does (near enough).
    static func blend(_ a: UInt32, _ b: UInt32, _ alpha: Double) -> UInt32 {
        var out: UInt32 = 0
        for shift in [16, 8, 0] as [UInt32] {
            let x = Double((a >> shift) & 0xFF)
            let y = Double((b >> shift) & 0xFF)
            out |= UInt32((x * alpha + y * (1 - alpha)).rounded()) << shift
        }
        return out
    }

    /// The colours of a screen: flat colours and the anti-aliased edges between text and its background.
    static let screen: [UInt32] = {
        var colors: Set<UInt32> = []
        let pairs: [(UInt32, UInt32)] = [
            (0x000000, 0xFFFFFF), (0x8E8E93, 0xFFFFFF), (0x007AFF, 0xFFFFFF),
            (0xFECA16, 0xFFFFFF), (0xB2B2B2, 0x55D550)
        ]
        for (ink, paper) in pairs {
            for level in stride(from: 0, through: 255, by: 3) { colors.insert(blend(ink, paper, Double(level) / 255)) }
        }
        return colors.sorted()
    }()

    @Test func upTo256ColoursAreKeptExactly() {
        let colors = Array(Self.screen.prefix(256))
        let palette = GIFPalette(colors: colors, counts: colors.map { _ in 1 })
        #expect(palette.colors == colors)
        #expect(palette.entries == colors.indices.map { UInt8($0) })
        #expect(palette.maxDeltaE == 0 && palette.maxChannelError == 0)
        // A tuned colour is its own entry, whatever the defaults are.
        let tuned = GIFPalette(colors: [0x123456, 0x00FF88, 0xFFFFFF], counts: [5, 5, 5])
        #expect(tuned.colors == [0x123456, 0x00FF88, 0xFFFFFF])
    }

    @Test func aFadeBeyond256ColoursStaysWithinDeltaE2() {
        // A yellow overlay with its own edges half faded in over the screen: every colour of one over every
        // colour of the other.
        let overlay: [UInt32] = (0...85).map { Self.blend(0xFFFFFF, 0xFECA16, Double($0) / 85) }
        var seen: Set<UInt32> = []
        var colors: [UInt32] = []
        for s in Self.screen.prefix(60) {
            for o in overlay.prefix(40) {
                let c = Self.blend(o, s, 0.45)
                if seen.insert(c).inserted { colors.append(c) }
            }
        }
        #expect(colors.count > 1000)
        let counts = colors.indices.map { Int32($0 == 0 ? 5000 : 1 + $0 % 7) }
        let palette = GIFPalette(colors: colors, counts: counts, limit: 255)
        #expect(palette.colors.count == 255)
        var worst = 0.0
        for (i, color) in colors.enumerated() {
            let entry = palette.colors[Int(palette.entries[i])]
            worst = max(worst, GIFPalette.deltaE(color, entry))
            #expect(GIFPalette.channelDistance(color, entry) <= palette.maxChannelError)
        }
        #expect(abs(worst - palette.maxDeltaE) < 1e-3)
        #expect(worst <= 2, "worst ΔE76 \(worst)")
        // The most common colour (a flat area) is exact.
        #expect(palette.colors[Int(palette.entries[0])] == colors[0])
    }

    @Test func deltaEIsCIELAB() {
        #expect(GIFPalette.deltaE(0xFFFFFF, 0xFFFFFF) == 0)
        #expect(abs(GIFPalette.deltaE(0x000000, 0xFFFFFF) - 100) < 0.01)
        #expect(GIFPalette.channelDistance(0x102030, 0x132010) == 0x20)
    }

    @Test func gifAndHTMLDropRepeatedFramesByOneRule() {
        #expect(
            Walkthrough.runs([1, 1, 2, 2, 2, 1]) == [
                FrameRun(first: 0, count: 2), FrameRun(first: 2, count: 3), FrameRun(first: 5, count: 1)
            ])
        #expect(Walkthrough.runs([Int]()) == [])
        // 0.3 s of pan, then 0.3 s still: the still frames make one run.
        let walkthrough = WalkthroughTests.record("pan msg1 -40 in 0.1\nrelease\nsettle\nadvance 0.3\n", fps: 10)
        let runs = walkthrough.frameRuns
        #expect(runs.reduce(0) { $0 + $1.count } == walkthrough.frames.count)
        #expect(runs.last!.count >= 3)
        for run in runs {
            for k in run.frames {
                #expect(
                    Scene(screen: walkthrough.frames[k].screen) == Scene(screen: walkthrough.frames[run.first].screen))
            }
        }
        for (a, b) in zip(runs, runs.dropFirst()) {
            #expect(a.first + a.count == b.first)
            #expect(
                Scene(screen: walkthrough.frames[a.first].screen) != Scene(screen: walkthrough.frames[b.first].screen))
        }
        // The HTML player points each frame of a run at the same drawing.
        let page = HTMLPlayer.page(walkthrough, speed: 1)
        let sceneOf = page.split(separator: "\"sceneOf\":[")[1].split(separator: "]")[0].split(separator: ",").map {
            Int($0)!
        }
        for run in runs { #expect(Set(run.frames.map { sceneOf[$0] }).count == 1) }
    }
}
