import Foundation
import MailboxFootage
import MailboxFootageDecoding
import Testing

/// Files no recorder makes: each is refused with words that say what is wrong, before anything large is
/// allocated, and never crashes or hangs.
@Suite struct HostileInputTests {
    /// A valid 2 × 2 GIF of two frames, to break.
    static var small: TinyGIF {
        var gif = TinyGIF(width: 2, height: 2, colors: [0xFF0000, 0x00FF00])
        gif.images.append(.init(width: 2, height: 2, entries: [0, 1, 1, 0]))
        gif.images.append(.init(width: 2, height: 2, entries: [1, 0, 0, 1]))
        return gif
    }

    @Test func emptyBytesAreRefused() {
        #expect(
            refusal([])
                == "the file is empty; grade reads animated GIFs (GIF87a, GIF89a) and MP4, MOV and WebM videos")
    }

    @Test func aPNGRenamedIsRefusedAsAPNG() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        #expect(
            refusal(png)
                == "this is a PNG picture, not a walkthrough; grade reads animated GIFs (GIF87a, GIF89a) and MP4, "
                + "MOV and WebM videos")
        #expect(refusal(Array("hello, world\n".utf8))?.hasPrefix("this is text, not a walkthrough") == true)
        #expect(refusal([0xFF, 0xD8, 0xFF, 0xE0])?.hasPrefix("this is a JPEG picture") == true)
    }

    @Test func aHugeScreenIsRefusedBeforeItIsAllocated() {
        var gif = Self.small
        gif.width = 65_535
        gif.height = 65_535
        #expect(
            refusal(gif.bytes)
                == "the picture is 65,535 × 65,535 pixels; grade reads pictures up to 4,096 pixels a side and "
                + "4,194,304 pixels in all")
        gif.width = 4_096
        gif.height = 4_096
        #expect(refusal(gif.bytes)?.hasPrefix("the picture is 4,096 × 4,096 pixels") == true)
        gif.width = 0
        #expect(refusal(gif.bytes) == "the picture is 0 × 4,096 pixels: it has no pixels")
    }

    @Test func aHugeRectangleIsRefused() {
        var gif = Self.small
        gif.images[1].width = 65_535
        gif.images[1].height = 2
        #expect(refusal(gif.bytes)?.hasPrefix("frame 2's rectangle is 65,535 × 2 pixels") == true)
    }

    @Test func aGIFWithoutFramesIsRefused() {
        var gif = Self.small
        gif.images = []
        #expect(refusal(gif.bytes) == "the GIF has no frames")
    }

    @Test func tooManyFramesOrSecondsAreRefused() {
        var limits = FootageLimits.standard
        limits.frames = 1
        #expect(
            refusal(Self.small.bytes, limits: limits) == "the walkthrough has more than 1 frames; grade reads up to 1")
        limits = .standard
        limits.seconds = 0.15
        #expect(
            refusal(Self.small.bytes, limits: limits)
                == "the walkthrough is longer than 0.15 seconds; grade reads up to 0.15 seconds")
        limits = .standard
        limits.fileBytes = 10
        #expect(refusal(Self.small.bytes, limits: limits)?.hasPrefix("the file is ") == true)
    }

    /// Every prefix of a valid GIF is refused (none is read as whole), with words.
    @Test func everyTruncationIsRefused() {
        let bytes = Self.small.bytes
        for length in 1..<bytes.count {
            let words = refusal(Array(bytes.prefix(length)))
            #expect(words != nil, "\(length) bytes of \(bytes.count) were read")
        }
        #expect(refusal(Array(bytes.prefix(bytes.count - 3)))?.contains("truncated") == true)
    }

    /// Picture data that goes on past its rectangle: the rectangle is read and the rest skipped, as browsers do;
    /// the excess costs no more than reading it.
    @Test func picturesDataPastItsRectangleIsSkipped() throws {
        var gif = Self.small
        gif.images[0].extra = [UInt8](repeating: 1, count: 100_000)
        let (summary, frames) = try readAll(bytes: gif.bytes)
        #expect(summary.frames == 2)
        #expect(frames[0].pixels == [0xFF0000, 0x00FF00, 0x00FF00, 0xFF0000])
    }

    /// Picture data that ends before its rectangle is full is damaged.
    @Test func picturesDataShortOfItsRectangleIsRefused() {
        var gif = Self.small
        gif.images[1].entries = [1]
        #expect(refusal(gif.bytes)?.hasPrefix("the GIF's picture data is damaged in frame 2") == true)
    }

    /// Random bytes, with and without a GIF's first six: refused or read, never a crash.
    @Test func randomBytesAreRefused() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        for round in 0..<500 {
            let body = (0..<(round % 64 + 1)).map { _ in next() }
            #expect(refusal(body) != nil)
            _ = refusal(Array("GIF89a".utf8) + body)
        }
    }

    /// Mutated copies of a valid GIF: each read or refused, none crashes.
    @Test func mutatedGIFsNeverCrash() {
        let bytes = Self.small.bytes
        for at in 0..<bytes.count {
            for value: UInt8 in [0, 1, 0x7F, 0xFF] {
                var copy = bytes
                copy[at] = value
                _ = refusal(copy)
            }
        }
    }

    /// A video cut off in its middle: a WebM reads to its end without an error from FFmpeg, so the length it
    /// declares tells.
    @Test func aTruncatedWebMIsRefused() throws {
        let tour = try String(
            contentsOf: Recording.root.appendingPathComponent("Scripts/tour/tour.mbs"), encoding: .utf8)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Recording.make("tour.webm", script: tour))))
        #expect(refusal(bytes) == nil)
        let words = refusal(Array(bytes.prefix(bytes.count * 3 / 4)))
        #expect(words?.hasPrefix("the WebM file stops after ") == true, "\(words ?? "read")")
        #expect(words?.hasSuffix("it declares (is it truncated?)") == true)
    }

    @Test func damagedVideosAreRefused() {
        let mp4: [UInt8] = [0, 0, 0, 24] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("isomiso2".utf8)
        #expect(refusal(mp4)?.hasPrefix("the MP4 file") == true)
        let webm: [UInt8] = [0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01]
        #expect(refusal(webm)?.hasPrefix("the WebM file") == true)
    }
}
