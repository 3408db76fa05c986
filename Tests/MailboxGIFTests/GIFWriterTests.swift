import MailboxGIF
import Testing

/// The GIF coder on its own, as the page's module runs it (no cairo): frames in, a file whose blocks say the frames,
/// their delays and their rectangles; a repeated frame extends the one before; a capped sink stops with words.
@Suite struct GIFWriterTests {
    /// What a GIF's blocks say: each image's delay (centiseconds) and rectangle (left, top, width, height).
    static func images(_ bytes: [UInt8]) -> [(delay: Int, rect: [Int])] {
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        var out: [(Int, [Int])] = []
        var at = 13 + (bytes[10] & 0x80 != 0 ? 3 * (2 << Int(bytes[10] & 7)) : 0)
        var delay = 0
        func word(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        while at < bytes.count {
            let block = bytes[at]
            at += 1
            switch block {
            case 0x3B: return out
            case 0x21:
                if bytes[at] == 0xF9 { delay = word(at + 3) }
                at += 1
                while bytes[at] != 0 { at += Int(bytes[at]) + 1 }
                at += 1
            case 0x2C:
                out.append((delay, [word(at), word(at + 2), word(at + 4), word(at + 6)]))
                let flags = bytes[at + 8]
                at += 9 + (flags & 0x80 != 0 ? 3 * (2 << Int(flags & 7)) : 0) + 1
                while bytes[at] != 0 { at += Int(bytes[at]) + 1 }
                at += 1
            default:
                Issue.record("a block 0x\(String(block, radix: 16)) at \(at - 1)")
                return out
            }
        }
        return out
    }

    @Test func framesDelaysAndChangedRectangles() throws {
        let white = [UInt32](repeating: 0xFF_FFFF, count: 16 * 8)
        var dot = white
        dot[3 * 16 + 5] = 0xFECA16
        var writer = try GIFWriter(width: 16, height: 8, framesPerSecond: 30)
        try writer.add(pixels: white)
        try writer.add(pixels: dot)
        try writer.add(pixels: dot)
        try writer.add(pixels: white)
        let images = Self.images(try writer.finish())
        // 30 frames a second: frame k starts at round(k · 10 / 3) cs, so 0, 3, 7, 10, 13: the repeated frame
        // extends the one before it (7 cs), and the delays add up to the walkthrough's 13 cs.
        #expect(images.map { $0.delay } == [3, 7, 3])
        #expect(images[0].rect == [0, 0, 16, 8])
        #expect(images[1].rect == [5, 3, 1, 1], "only the pixel that changed")
        #expect(images[2].rect == [5, 3, 1, 1])
    }

    @Test func aCappedSinkStopsTheFileWithWords() throws {
        let sink = CappedMemorySink(limit: 64)
        #expect(throws: RasterError("the GIF would be larger than 0 MiB; record a shorter script")) {
            var writer = try GIFWriter(width: 64, height: 64, framesPerSecond: 30, sink: sink)
            let noise = (0..<(64 * 64)).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) & 0xFF_FFFF }
            try writer.add(pixels: noise)
            _ = try writer.finish()
        }
        #expect(sink.bytes.count <= 64)
    }
}
