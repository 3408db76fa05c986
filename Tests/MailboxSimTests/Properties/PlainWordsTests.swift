@testable import MailboxScript
import Testing

/// `PlainWords` (the fast parser's words, read eight bytes at a time) against the plain reading byte by byte: the
/// same words, and the same answer to whether a byte other than printable ASCII, space or tab (or a `#`) was met,
/// whatever the line and wherever the first such byte falls in an eight-byte load.
@Suite struct PlainWordsTests {
    /// The words of `bytes` read one byte at a time, and whether a byte that is not plain was met (the words stop there).
    static func plainReading(_ bytes: [UInt8]) -> (words: [Range<Int>], sawOtherByte: Bool) {
        var words: [Range<Int>] = []
        var offset = 0
        while true {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x09 { offset += 1 }
            guard offset < bytes.count else { return (words, false) }
            let start = offset
            while offset < bytes.count, bytes[offset] != 0x20 && bytes[offset] != 0x09 {
                let byte = bytes[offset]
                guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") else { return (words, true) }
                offset += 1
            }
            words.append(start..<offset)
        }
    }

    static func wordsRead(_ bytes: [UInt8]) -> (words: [Range<Int>], sawOtherByte: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var words = PlainWords(LineText(bytes: buffer))
            var found: [Range<Int>] = []
            while let word = words.next() {
                #expect(word.column == word.start + 1)
                found.append(word.start..<word.end)
            }
            return (found, words.sawOtherByte)
        }
    }

    /// Bytes that matter: every boundary of the word test (0x20, 0x21, 0x7E, 0x7F, 0x80, 0xFF), `#`, `"`, `$` and
    /// tab, and plain letters to make long words.
    static let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x2E, 0x30, 0x39,
                                    0x61, 0x6D, 0x7A, 0x7E, 0x7F, 0x80, 0xC3, 0xFE, 0xFF, 0x61, 0x62, 0x63, 0x65]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithTheBytePlainReading(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &random)
            // Mostly letters, so that words run past eight bytes before the byte that stops them.
            let bytes = (0..<length).map { _ in
                random.chance(0.8) ? UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &random) : random.pick(Self.alphabet)
            }
            let fast = Self.wordsRead(bytes), plain = Self.plainReading(bytes)
            #expect(fast.words == plain.words && fast.sawOtherByte == plain.sawOtherByte, "\(bytes)")
        }
    }

    @Test func aStoppingByteAtEveryPlaceOfALongWord() {
        for stop in Self.alphabet {
            for place in 0..<24 {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: 24)
                bytes[place] = stop
                let fast = Self.wordsRead(bytes), plain = Self.plainReading(bytes)
                #expect(fast.words == plain.words && fast.sawOtherByte == plain.sawOtherByte, "\(stop) at \(place)")
            }
        }
    }
}
