import MailboxFootage
import MailboxFootageDecoding
import Testing
import WalkthroughDamage

/// mailsim's own walkthrough damaged as LICEcap and a student damage one, written as LICEcap writes it, and read
/// back: the size, the frames and their durations are what the damage made.
@Suite struct DamagedWalkthroughTests {
    /// The recorded swipe's frames (17 of 320 × 612, 0.1 s each), the caption under the screen (44 px at scale 1)
    /// cut off as a student's recording of the Simulator has none: then the held and settled frames are still.
    static func recorded() throws -> [FootageFrame] {
        try readAll(path: Recording.make("walk.gif")).1.cropped(bottom: 44)
    }

    /// True when `back` is `expected` frame for frame: pixels, starts and durations.
    static func same(_ back: [FootageFrame], _ expected: [FootageFrame]) -> Bool {
        back.count == expected.count
            && zip(back, expected).allSatisfy { a, b in
                a.pixels == b.pixels && abs(a.start - b.start) < 1e-9 && abs(a.duration - b.duration) < 1e-9
            }
    }

    @Test func aCroppedTitledBorderedWalkthroughReadsBack() throws {
        let frames = try Self.recorded()
        let damaged = frames.cropped(left: 2, top: 0, right: 3, bottom: 1).withTitleBar(height: 20).withBorder()
        #expect(damaged[0].width == 320 - 5 + 2 && damaged[0].height == 568 - 1 + 20 + 2)
        let (summary, back) = try readAll(bytes: LICEcapGIF.encode(damaged))
        #expect(summary.width == 317 && summary.height == 589)
        // The writer stores a still stretch as one frame, as LICEcap does: 17 frames become 8.
        let expected = damaged.mergingStillFrames()
        #expect(expected.count == 8)
        #expect(Self.same(back, expected))
        #expect(abs(summary.seconds - 1.7) < 1e-9)
        // The gray revealed at frame 5 (0.5 s), moved by the crop (−2, 0), the title bar (0, +20) and the border.
        let atHalf = try #require(back.last { $0.start <= 0.5 + 1e-9 })
        #expect(atHalf.pixel(300 - 2 + 1, 150 + 20 + 1) == 0xB2B2B2)
        #expect(atHalf.pixel(0, 0) == 0x6E6E6E && atHalf.pixel(30, 5) == 0xE7E6E7)
        // The title bar's close button (radius 5, centred at (11, 10) in the bar, (12, 11) inside the border).
        #expect(atHalf.pixel(12, 11) == 0xFF5F57)
    }

    /// LICEcap's form: after the first frame, each a partial rectangle of what changed; a local table each;
    /// disposal 0 throughout.
    @Test func theWriterWritesAsLICEcapDoes() throws {
        let frames = try Self.recorded()
        let layout = GIFLayout(try LICEcapGIF.encode(frames))
        #expect(layout.width == 320 && layout.height == 568)
        #expect(layout.images.count == frames.mergingStillFrames().count)
        #expect(layout.images.allSatisfy { $0.disposal == 0 && $0.localTable })
        #expect(layout.images.dropFirst().allSatisfy { $0.width * $0.height < 320 * 568 })
    }

    /// Resampled at LICEcap's 6.7 fps and still stretches merged: the delays are 150 ms and their multiples, and
    /// they add up to the whole.
    @Test func aResampledMergedWalkthroughReadsBack() throws {
        let frames = try Self.recorded()
        let resampled = frames.resampled(every: 0.15)
        #expect(resampled.count == 12)  // ⌈1.7 / 0.15⌉
        let merged = resampled.mergingStillFrames()
        #expect(merged.count < resampled.count)
        #expect(abs(merged.map(\.duration).reduce(0, +) - 1.8) < 1e-9)
        let (summary, back) = try readAll(bytes: LICEcapGIF.encode(merged))
        #expect(Self.same(back, merged))
        #expect(abs(summary.seconds - 1.8) < 1e-9)
        for frame in back {
            let multiple = frame.duration / 0.15
            #expect(abs(multiple - multiple.rounded()) < 1e-9)
        }
    }

    /// The cursor over the row, the click ring while pressed, colours shifted, the home screen before and after.
    @Test func aCursorColourShiftAndHomeScreenReadBack() throws {
        let frames = try Self.recorded()
        let damaged =
            frames
            .shiftingColors(red: 18, green: -12, blue: 6)
            .withCursor(clickRing: true) { frame in CursorPlacement(x: 200, y: 150, pressed: frame.index < 5) }
            .withHomeScreen(before: 0.6, after: 0.9, frames: 3)
        #expect(damaged.count == 17 + 6)
        let (summary, back) = try readAll(bytes: LICEcapGIF.encode(damaged))
        #expect(Self.same(back, damaged.mergingStillFrames()))
        #expect(abs(summary.seconds - (0.6 + 1.7 + 0.9)) < 1e-9)
        // The home screen's three frames are one picture, stored as one frame of 0.6 s.
        #expect(abs(back[0].duration - 0.6) < 1e-9)
        #expect(back[0].pixel(160, 2) == HomeScreen.pixels(width: 320, height: 568)[160])
        // The walkthrough's first frames follow: the arrow's tip, and the ring 10 to 12 px from it while pressed.
        #expect(back[1].pixel(200, 150) == 0x000000)
        #expect(back[1].pixel(211, 150) == 0x000000)
        let released = try #require(back.first { $0.start >= 0.6 + 0.5 - 1e-9 })
        #expect(released.pixel(200, 150) == 0x000000 && released.pixel(211, 150) != 0x000000)
        // Gray #B2B2B2 moved by (+18, −12, +6).
        let atHalf = try #require(back.last { $0.start <= 0.6 + 0.5 + 1e-9 })
        #expect(atHalf.pixel(300, 150) == 0xC4A6B8)
    }

    @Test func midtoneShiftsKeepBlackAndWhite() {
        let frame = FootageFrame(
            index: 0, start: 0, duration: 0.1, width: 3, height: 1, pixels: [0, 0xFFFFFF, 0x808080])
        let shifted = [frame].shiftingColors(red: 18, green: 18, blue: -18, shape: .midtones)[0]
        #expect(shifted.pixels[0] == 0 && shifted.pixels[1] == 0xFFFFFF)
        #expect(shifted.pixels[2] == 0x929273 - 0x000000 || channelDistance(shifted.pixels[2], 0x92926E) <= 1)
    }
}
