/// A line the fast reader reads, through its UTF-8 bytes: words are byte ranges of it, which cost nothing to copy;
/// only what a command keeps becomes a `Substring`. A word's key is loaded eight bytes at a time (`key`).
struct LineText {
    /// The line as text; nil for a line given as bytes alone (a script's line read by `FastParser`), whose words'
    /// text is then made from their bytes.
    private let line: Substring?
    let bytes: UnsafeBufferPointer<UInt8>

    init(line: Substring, bytes: UnsafeBufferPointer<UInt8>) {
        self.line = line
        self.bytes = bytes
    }

    /// A line given as its bytes alone (valid UTF-8).
    init(bytes: UnsafeBufferPointer<UInt8>) {
        line = nil
        self.bytes = bytes
    }

    /// A word of the line: bytes `start..<end`, beginning at character `column` (1-based).
    struct Word {
        var start: Int
        var end: Int
        var column: Int
    }

    /// Runs `body` on the bytes of `line` (copied first in the rare case they are not contiguous).
    static func reading<T>(_ line: Substring, _ body: (LineText) -> T) -> T {
        if let result = line.utf8.withContiguousStorageIfAvailable({ body(LineText(line: line, bytes: $0)) }) {
            return result
        }
        var copy = String(line)
        copy.makeContiguousUTF8()
        return reading(copy[...], body)
    }

    func text(_ word: Word) -> Substring { text(from: word.start, to: word.end) }

    func text(from start: Int, to end: Int) -> Substring {
        guard let line else {
            return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
        }
        return line[
            line.utf8.index(
                line.utf8.startIndex, offsetBy: start)..<line.utf8.index(line.utf8.startIndex, offsetBy: end)]
    }

    func bytes(_ word: Word) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[word.start..<word.end])
    }

    /// `text(word) == literal`, byte for byte, for an ASCII literal without `K`, `;` or `` ` ``: no other
    /// spelling is canonically equivalent to such a word (only U+212A, U+037E and U+1FEF decompose to ASCII),
    /// so this is string equality without Unicode's cost. Every keyword of the language is such a word.
    func spells(_ word: Word, _ literal: String) -> Bool {
        guard word.end - word.start == literal.utf8.count else { return false }
        var literal = literal
        return literal.withUTF8 { same(word, $0) }
    }

    /// `text(word) == literal` for a literal given as bytes, as the lookup tables keep them.
    func spells(_ word: Word, _ literal: [UInt8]) -> Bool {
        word.end - word.start == literal.count && literal.withUnsafeBufferPointer { same(word, $0) }
    }

    /// The word's bytes are `literal`'s (whose count is the word's).
    private func same(_ word: Word, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        var offset = 0
        while offset < literal.count {
            if bytes[word.start + offset] != literal[offset] { return false }
            offset += 1
        }
        return true
    }

    /// The `index` of the first spelling in `table` that `word` spells, if any: a word of up to 16 bytes by its
    /// key (looked up in the table's hash), a longer one byte by byte.
    func index(of word: Word, in table: SpellingTable) -> Int? {
        guard let key = key(word) else {
            for position in table.words.indices where spells(word, table.words[position]) {
                return table.indices[position]
            }
            return nil
        }
        return table.index(of: key)
    }

    /// The key of a word of up to 16 bytes (nil for a longer one): its bytes loaded eight at a time where the
    /// line has the bytes to load, and masked to the word.
    @inline(__always)
    func key(_ word: Word) -> SpellingKey? {
        let count = word.end &- word.start
        guard count > 0, count <= 16, let base = bytes.baseAddress else {
            return count == 0 ? SpellingKey(low: 0, high: 0, count: 0) : nil
        }
        let raw = UnsafeRawPointer(base)
        if count <= 8 {
            if word.start &+ 8 <= bytes.count {
                return SpellingKey(
                    low: raw.loadUnaligned(fromByteOffset: word.start, as: UInt64.self) & SpellingKey.mask(count),
                    high: 0, count: count)
            }
            // Near the end of the line: the eight bytes ending with the word, shifted down; or, in a line of fewer
            // than eight bytes, the word's own bytes.
            if word.end >= 8 {
                return SpellingKey(
                    low: raw.loadUnaligned(fromByteOffset: word.end &- 8, as: UInt64.self)
                        &>> UInt64(8 &* (8 &- count)), high: 0, count: count)
            }
            return SpellingKey(low: (raw + word.start).loadLowBytes(count), high: 0, count: count)
        }
        let low = raw.loadUnaligned(fromByteOffset: word.start, as: UInt64.self)
        if word.start &+ 16 <= bytes.count {
            return SpellingKey(
                low: low,
                high: raw.loadUnaligned(fromByteOffset: word.start &+ 8, as: UInt64.self)
                    & SpellingKey.mask(count &- 8), count: count)
        }
        return SpellingKey(
            low: low,
            high: raw.loadUnaligned(fromByteOffset: word.end &- 8, as: UInt64.self)
                &>> UInt64(8 &* (16 &- count)), count: count)
    }

    func first(_ word: Word) -> UInt8? { word.start < word.end ? bytes[word.start] : nil }
}
