import MailboxFootage
import MailboxFootageDecoding
import Testing

/// GIF frames composed as browsers compose them: partial rectangles over what was there, each disposal, the
/// transparent entry, local tables, interlacing, and short delays read as 100 ms.
@Suite struct CompositionTests {
    static let red: UInt32 = 0xFF0000
    static let green: UInt32 = 0x00FF00
    static let blue: UInt32 = 0x0000FF
    static let white: UInt32 = 0xFFFFFF

    /// A 4 × 4 GIF, red all over, then a 2 × 2 frame at (1, 1) with `disposal`, then a 1 × 1 frame at (0, 0).
    func twoOver(disposal: Int) -> TinyGIF {
        var gif = TinyGIF(width: 4, height: 4, colors: [Self.red, Self.green, Self.blue, Self.white], background: 3)
        gif.images.append(.init(width: 4, height: 4, entries: [UInt8](repeating: 0, count: 16)))
        gif.images.append(.init(left: 1, top: 1, width: 2, height: 2, disposal: disposal, entries: [1, 1, 1, 1]))
        gif.images.append(.init(width: 1, height: 1, entries: [2]))
        return gif
    }

    @Test func aPartialFrameIsDrawnOverTheOneBefore() throws {
        let (_, frames) = try readAll(bytes: twoOver(disposal: 1).bytes)
        #expect(frames.count == 3)
        #expect(frames[1].pixel(0, 0) == Self.red)
        #expect(frames[1].pixel(1, 1) == Self.green && frames[1].pixel(2, 2) == Self.green)
        #expect(frames[1].pixel(3, 3) == Self.red)
        // Disposal 1 keeps it: still there under the third frame.
        #expect(frames[2].pixel(1, 1) == Self.green && frames[2].pixel(0, 0) == Self.blue)
    }

    @Test func disposalZeroKeepsTheFrame() throws {
        let (_, frames) = try readAll(bytes: twoOver(disposal: 0).bytes)
        #expect(frames[2].pixel(2, 2) == Self.green)
    }

    @Test func disposalTwoClearsToTheBackground() throws {
        let (_, frames) = try readAll(bytes: twoOver(disposal: 2).bytes)
        #expect(frames[1].pixel(1, 1) == Self.green)
        #expect(frames[2].pixel(1, 1) == Self.white && frames[2].pixel(2, 2) == Self.white)
        #expect(frames[2].pixel(3, 3) == Self.red)
    }

    @Test func disposalThreeRestoresWhatWasThere() throws {
        let (_, frames) = try readAll(bytes: twoOver(disposal: 3).bytes)
        #expect(frames[1].pixel(1, 1) == Self.green)
        #expect(frames[2].pixel(1, 1) == Self.red && frames[2].pixel(2, 2) == Self.red)
        #expect(frames[2].pixel(0, 0) == Self.blue)
    }

    @Test func theTransparentEntryLeavesThePixel() throws {
        var gif = twoOver(disposal: 1)
        gif.images[1].transparent = 1
        gif.images[1].entries = [1, 2, 2, 1]
        let (_, frames) = try readAll(bytes: gif.bytes)
        #expect(frames[1].pixel(1, 1) == Self.red && frames[1].pixel(2, 2) == Self.red)
        #expect(frames[1].pixel(2, 1) == Self.blue && frames[1].pixel(1, 2) == Self.blue)
    }

    @Test func aLocalTableIsUsedForItsFrameOnly() throws {
        var gif = twoOver(disposal: 1)
        gif.images[1].colors = [0x123456, 0x654321]
        let (_, frames) = try readAll(bytes: gif.bytes)
        #expect(frames[1].pixel(1, 1) == 0x654321)
        #expect(frames[2].pixel(0, 0) == Self.blue)
    }

    /// Transparent pixels no frame has covered show the background: the global table's entry, else white.
    @Test func theBackgroundShowsWhereNothingWasDrawn() throws {
        var gif = TinyGIF(width: 3, height: 1, colors: [Self.red, Self.blue], background: 1)
        gif.images.append(.init(width: 1, height: 1, entries: [0]))
        #expect(try readAll(bytes: gif.bytes).1[0].pixels == [Self.red, Self.blue, Self.blue])
        gif.colors = nil
        gif.images[0].colors = [Self.red, Self.blue]
        #expect(try readAll(bytes: gif.bytes).1[0].pixels == [Self.red, Self.white, Self.white])
    }

    @Test func interlacedRowsLandInPlace() throws {
        var gif = TinyGIF(width: 1, height: 10, colors: (0..<16).map { UInt32($0) * 0x010101 })
        gif.images.append(.init(width: 1, height: 10, interlaced: true, entries: (0..<10).map { UInt8($0) }))
        let (_, frames) = try readAll(bytes: gif.bytes)
        #expect(frames[0].pixels == (0..<10).map { UInt32($0) * 0x010101 })
    }

    /// A rectangle partly off the screen is drawn where it overlaps it.
    @Test func aRectangleOffTheScreenIsClipped() throws {
        var gif = TinyGIF(width: 2, height: 2, colors: [Self.red, Self.green])
        gif.images.append(.init(width: 2, height: 2, entries: [0, 0, 0, 0]))
        gif.images.append(.init(left: 1, top: 1, width: 3, height: 3, entries: [UInt8](repeating: 1, count: 9)))
        let (_, frames) = try readAll(bytes: gif.bytes)
        #expect(frames[1].pixels == [Self.red, Self.red, Self.red, Self.green])
    }

    /// Delays of 0 and 1 centisecond are read as 100 ms, as browsers show them; 2 and more as written; no graphic
    /// control at all is a delay of 0.
    @Test func shortDelaysAreReadAsATenthOfASecond() throws {
        var gif = TinyGIF(width: 1, height: 1, colors: [Self.red, Self.green])
        for delay in [0, 1, 2, 15, nil] { gif.images.append(.init(width: 1, height: 1, delay: delay, entries: [0])) }
        let (summary, frames) = try readAll(bytes: gif.bytes)
        #expect(frames.map(\.duration) == [0.1, 0.1, 0.02, 0.15, 0.1])
        #expect(frames.map(\.start) == [0, 0.1, 0.2, 0.22, 0.37])
        #expect(abs(summary.seconds - 0.47) < 1e-9)
    }

    @Test func aGIF87aIsRead() throws {
        var gif = TinyGIF(width: 1, height: 1, colors: [Self.red, Self.green])
        gif.version = "GIF87a"
        gif.images.append(.init(width: 1, height: 1, delay: nil, entries: [1]))
        #expect(try readAll(bytes: gif.bytes).1[0].pixels == [Self.green])
    }
}
