import Testing

@testable import MailboxScript

/// `LineText.key` (a word's bytes loaded eight at a time, wherever the word sits in its line) against the key made
/// byte by byte, for every word of every place and length in lines of every length; and the loads it is made of.
@Suite struct SpellingKeyTests {
    @Test func aWordsKeyIsItsBytesWhereverItSits() {
        for length in 0...40 {
            let bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            bytes.withUnsafeBufferPointer { buffer in
                let line = LineText(bytes: buffer)
                for start in 0..<max(length, 1) {
                    for end in start...length {
                        let word = LineText.Word(start: start, end: end, column: start + 1)
                        let expected = SpellingKey(UnsafeBufferPointer(rebasing: buffer[start..<end]))
                        #expect(line.key(word) == expected, "\(start)..<\(end) of \(length)")
                        #expect((end - start <= 16) == (expected != nil))
                    }
                }
            }
        }
    }

    @Test func twoWordsHaveOneKeyExactlyWhenTheirBytesAreTheSame() {
        let words = [
            "x", "y", "icon", "icon.x", "icon.alpha", "background", "msg1", "release", "reschedule", "to-buy",
            "12345678", "123456789", "1234567890123456", "1234567890123457"
        ]
        for a in words {
            for b in words {
                let keys = [a, b].map { Array($0.utf8).withUnsafeBufferPointer { SpellingKey($0) } }
                #expect((keys[0] == keys[1]) == (a == b), "\(a) \(b)")
            }
        }
        #expect(Array("12345678901234567".utf8).withUnsafeBufferPointer { SpellingKey($0) } == nil)
    }

    @Test func theLowBytesOfACountReadNoMore() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
        for count in 0...8 {
            let loaded = bytes.withUnsafeBytes { $0.baseAddress!.loadLowBytes(count) }
            let expected = bytes.prefix(count).enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * $1.offset)
            }
            #expect(loaded == expected, "\(count)")
        }
    }

    @Test func aShortWordKeepsWhatWasWritten() {
        for text in ["81", "-0.50", "green", "Yellow", "true", "1234567890123456"] {
            let short = Array(text.utf8).withUnsafeBufferPointer { ShortASCII($0) }
            #expect(short?.string == text)
        }
        #expect(Array("12345678901234567".utf8).withUnsafeBufferPointer { ShortASCII($0) } == nil)
    }

    /// A table finds each of its keywords at its place (the first of two same ones), a longer one byte by byte,
    /// and nothing else, at every size of table.
    @Test func aTableFindsItsOwnWordsAndNoOthers() {
        let names = CommandTable.names + ["a-keyword-past-sixteen-bytes", "expect"] + PropertyPath.templates
        for count in 0...names.count {
            let table = SpellingTable(Array(names.prefix(count)))
            for (position, name) in names.enumerated() {
                let bytes = Array(name.utf8)
                let found = bytes.withUnsafeBufferPointer { buffer in
                    LineText(bytes: buffer).index(of: LineText.Word(start: 0, end: buffer.count, column: 1), in: table)
                }
                let first = names.prefix(count).firstIndex(of: name)
                #expect(found == first, "\(name) in \(count) (\(position))")
            }
            for stranger in ["", "x1", "expec", "expectt", "Expect", "msgN.xx"] {
                #expect(
                    table.index(of: stranger) == nil
                        && Array(stranger.utf8).withUnsafeBufferPointer { buffer in
                            LineText(bytes: buffer).index(
                                of: LineText.Word(start: 0, end: buffer.count, column: 1), in: table)
                        } == nil, "\(stranger)")
            }
        }
    }
}
