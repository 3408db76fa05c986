import MailsimTestSupport
import Testing

@testable import MailboxScript

/// `PlainWords` (the fast parser's words, read eight bytes at a time into a bit a byte) against the plain reading
/// byte by byte: the same words, and the same answer to whether the line is plain (at most 64 bytes, each printable
/// ASCII but `#`, or a space), whatever the line's length and wherever a byte that is not plain falls in an
/// eight-byte load.
@Suite struct PlainWordsTests {
    /// The words of `bytes` read one byte at a time, and whether the line is plain (one that is not has no words).
    static func plainReading(_ bytes: [UInt8]) -> (words: [Range<Int>], isPlain: Bool) {
        guard bytes.count <= 64 else { return ([], false) }
        var words: [Range<Int>] = []
        var offset = 0
        while true {
            while offset < bytes.count, bytes[offset] == 0x20 { offset += 1 }
            guard offset < bytes.count else { return (words, true) }
            let start = offset
            while offset < bytes.count, bytes[offset] != 0x20 {
                let byte = bytes[offset]
                guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") else { return ([], false) }
                offset += 1
            }
            words.append(start..<offset)
        }
    }

    static func wordsRead(_ bytes: [UInt8]) -> (words: [Range<Int>], isPlain: Bool) {
        bytes.withUnsafeBufferPointer { buffer in
            var words = PlainWords(buffer)
            var found: [Range<Int>] = []
            while let word = words.next() {
                #expect(word.column == word.start + 1)
                found.append(word.start..<word.end)
            }
            return (found, words.isPlain)
        }
    }

    /// Bytes that matter: every boundary of the word test (0x20, 0x21, 0x7E, 0x7F, 0x80, 0xFF), `#`, `"`, `$` and
    /// tab, and plain letters to make long words.
    static let alphabet: [UInt8] = [
        0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x24, 0x2E, 0x30, 0x39,
        0x61, 0x6D, 0x7A, 0x7E, 0x7F, 0x80, 0xC3, 0xFE, 0xFF, 0x61, 0x62, 0x63, 0x65
    ]

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithTheBytePlainReading(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...70, using: &random)
            // Mostly letters, so that words run past eight bytes before the byte that stops them.
            let bytes = (0..<length).map { _ in
                random.chance(0.8)
                    ? UInt8(ascii: "a") + UInt8.random(in: 0..<26, using: &random) : random.pick(Self.alphabet)
            }
            let fast = Self.wordsRead(bytes)
            let plain = Self.plainReading(bytes)
            #expect(fast.words == plain.words && fast.isPlain == plain.isPlain, "\(bytes)")
        }
    }

    @Test(arguments: [7, 8, 9, 24, 63, 64, 65])
    func aStoppingByteAtEveryPlaceOfALongWord(length: Int) {
        for stop in Self.alphabet {
            for place in 0..<length {
                var bytes = Array(repeating: UInt8(ascii: "x"), count: length)
                bytes[place] = stop
                let fast = Self.wordsRead(bytes)
                let plain = Self.plainReading(bytes)
                #expect(fast.words == plain.words && fast.isPlain == plain.isPlain, "\(stop) at \(place)")
            }
        }
    }

    /// Every length up to the limit and past it: words of one letter apart, and one word filling the line.
    @Test func everyLength() {
        for length in 0...66 {
            for bytes in [
                Array(repeating: UInt8(ascii: "x"), count: length),
                (0..<length).map { $0 % 2 == 0 ? UInt8(ascii: "a") : 0x20 }
            ] {
                let fast = Self.wordsRead(bytes)
                let plain = Self.plainReading(bytes)
                #expect(fast.words == plain.words && fast.isPlain == plain.isPlain, "\(length): \(bytes)")
            }
        }
        #expect(Self.wordsRead(Array(repeating: UInt8(ascii: "x"), count: 64)).words == [0..<64])
        #expect(!Self.wordsRead(Array(repeating: UInt8(ascii: "x"), count: 65)).isPlain)
    }
}
