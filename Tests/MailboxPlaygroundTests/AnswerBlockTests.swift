import Foundation
import MailboxPlayground
import Testing

/// The answer block between the page's module and its loader is described once (`AnswerBlock`): what the module
/// writes reads back with the offsets, and the loader (Sources/PlaygroundPage/mailsim.mjs) declares the same offsets
/// in its generated block. `MAILSIM_UPDATE_GOLDEN=1` (`make golden`) rewrites that block.
@Suite struct AnswerBlockTests {
    static let loader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PlaygroundPage/mailsim.mjs")
    static let begin = "// generated: answer-block\n"
    static let end = "// end generated"

    @Test func textsReadBackWithTheirStatusAndHandle() throws {
        let texts = ["", "screen", "é ✓ \u{2028}", String(repeating: "x", count: 70_000)]
        let block = AnswerBlock.bytes(status: 2, handle: 0xDEAD_BEEF, texts: texts)
        let read = try #require(AnswerBlock.read(block))
        #expect(read.status == 2 && read.handle == 0xDEAD_BEEF)
        #expect(read.parts.map { String(decoding: $0, as: UTF8.self) } == texts)
        #expect(block.count == AnswerBlock.partsOffset + texts.reduce(0) { $0 + AnswerBlock.wordSize + $1.utf8.count })
    }

    @Test func aFilesBytesAreOnePartAfterTheWords() throws {
        let gif: [UInt8] = Array("GIF89a".utf8) + [0, 255, 10, 13]
        let block = AnswerBlock.bytes(status: 0, parts: [gif])
        // Little-endian: status 0, handle 0, one part of 10 bytes, then the bytes.
        #expect(Array(block[0..<16]) == [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 10, 0, 0, 0])
        #expect(Array(block[16...]) == gif)
        #expect(AnswerBlock.read(block)?.parts == [gif])
    }

    @Test func whatIsNotABlockIsRefused() {
        let good = AnswerBlock.bytes(status: 0, texts: ["ab"])
        #expect(AnswerBlock.read(Array(good.dropLast())) == nil)
        #expect(AnswerBlock.read(good + [0]) == nil)
        #expect(AnswerBlock.read([1, 0, 0]) == nil)
        var long = good
        long[AnswerBlock.partsOffset] = 200  // a length past the block's end
        #expect(AnswerBlock.read(long) == nil)
    }

    @Test func theLoaderDeclaresTheSameLayout() throws {
        let original = try String(contentsOf: Self.loader, encoding: .utf8)
        let start = try #require(original.range(of: Self.begin), "mailsim.mjs has no \(Self.begin)")
        let stop = try #require(original.range(of: Self.end, range: start.upperBound..<original.endIndex))
        let expected = AnswerBlock.javaScript + "\n"
        let updating = ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1"
        #expect(
            updating || String(original[start.upperBound..<stop.lowerBound]) == expected,
            "mailsim.mjs's answer-block block is out of date: make golden rewrites it")
        if updating {
            var text = original
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
            if text != original { try text.write(to: Self.loader, atomically: true, encoding: .utf8) }
        }
    }
}
