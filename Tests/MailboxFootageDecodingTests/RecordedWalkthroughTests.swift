import MailboxFootage
import MailboxFootageDecoding
import Testing

/// Walkthroughs made by `mailsim record` read back: frame counts, times and SPEC §1's colours where the swipe
/// shows them. The script drags msg1 to −40 over 0.3 s, holds it to 0.5 s, lets go and settles: at 10 fps and
/// scale 1, 17 frames of 320 × 612 (the screen and the caption under it), frame 5 showing the gray (#B2B2B2)
/// revealed at the row's right end (300, 150), frame 0 and the last frame the row in place.
@Suite struct RecordedWalkthroughTests {
    static let gray: UInt32 = 0xB2B2B2

    @Test func aGIFIsReadFrameByFrame() throws {
        let path = try Recording.make("walk.gif")
        let (summary, frames) = try readAll(path: path)
        #expect(summary == FootageSummary(format: .gif, frames: 17, seconds: 1.7, width: 320, height: 612))
        #expect(frames.count == 17)
        for (k, frame) in frames.enumerated() {
            #expect(frame.index == k)
            #expect(abs(frame.start - Double(k) / 10) < 1e-9)
            #expect(abs(frame.duration - 0.1) < 1e-9)
        }
        #expect(frames[0].pixel(300, 150) != Self.gray)
        #expect(frames[5].pixel(300, 150) == Self.gray)
        #expect(frames[16].pixel(300, 150) != Self.gray)
        // A white row pixel left of the revealed part, kept from an earlier frame (partial rectangles composed).
        #expect(frames[5].pixel(10, 150) == frames[0].pixel(10, 150))
    }

    @Test(arguments: ["walk.mp4", "walk.webm"]) func aVideoIsReadFrameByFrame(name: String) throws {
        let path = try Recording.make(name)
        let (summary, frames) = try readAll(path: path)
        #expect(summary.format == (name.hasSuffix("mp4") ? .mp4 : .webm))
        #expect(summary.frames == 17 && frames.count == 17)
        #expect(summary.width == 320 && summary.height == 612)
        #expect(abs(summary.seconds - 1.7) < 0.002)
        for (k, frame) in frames.enumerated() {
            #expect(abs(frame.start - Double(k) / 10) < 0.002, "frame \(k) starts at \(frame.start)")
            #expect(abs(frame.duration - 0.1) < 0.002, "frame \(k) lasts \(frame.duration)")
        }
        // Within a small tolerance: the encoder's 4:2:0 YUV and its quantisation.
        #expect(channelDistance(frames[5].pixel(300, 150), Self.gray) <= 4)
        #expect(channelDistance(frames[0].pixel(300, 150), Self.gray) > 40)
        #expect(channelDistance(frames[5].pixel(300, 600), 0x1C1C1E) <= 6)
    }

    /// A colour, not only grays, survives the encoder and our conversion: SPEC §1's yellow (#FECA16) revealed past
    /// the near threshold. Read with the wrong matrix (BT.601 for the BT.709 the file is tagged with), it would be
    /// more than 10 off in a channel.
    @Test(arguments: ["yellow.mp4", "yellow.webm"]) func aVideosColoursAreConvertedWithItsMatrix(name: String) throws {
        let path = try Recording.make(name, script: "pan msg1 -150\nadvance 0.5\nrelease\n")
        let (_, frames) = try readAll(path: path)
        let held = try #require(frames.last { $0.start <= 0.5 })
        #expect(channelDistance(held.pixel(300, 150), 0xFECA16) <= 6, "\(String(held.pixel(300, 150), radix: 16))")
    }

    /// The format is told by the first bytes: a GIF named .mp4 is read as a GIF.
    @Test func theNameDoesNotChooseTheFormat() throws {
        let path = try Recording.make("walk.gif")
        let renamed = path + ".mp4"
        try FileManagerLink.copy(path, renamed)
        #expect(try FootageReader.format(path: renamed) == .gif)
        #expect(try readAll(path: renamed).0.frames == 17)
    }
}
