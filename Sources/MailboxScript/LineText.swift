
/// A line being parsed, read through its UTF-8 bytes. The lexer and parser work on words as byte ranges
/// of it, which cost nothing to copy; only what a command keeps, or an error quotes, becomes a `Substring`.
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
        guard let line else { return Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)) }
        return line[line.utf8.index(line.utf8.startIndex, offsetBy: start)..<line.utf8.index(line.utf8.startIndex, offsetBy: end)]
    }

    /// The Unicode scalar whose UTF-8 starts at byte `offset`.
    func scalar(at offset: Int) -> Unicode.Scalar {
        var bytes = self.bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&bytes) { return scalar }
        return "\u{FFFD}" // not reached: a line's bytes are valid UTF-8
    }

    func bytes(_ word: Word) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[word.start..<word.end]) }

    /// `text(word) == literal`, byte for byte, for an ASCII literal without `K`, `;` or `` ` ``: no other
    /// spelling is canonically equivalent to such a word (only U+212A, U+037E and U+1FEF decompose to ASCII),
    /// so this is string equality without Unicode's cost. Every keyword of the language is such a word.
    func spells(_ word: Word, _ literal: String) -> Bool {
        guard word.end - word.start == literal.utf8.count else { return false }
        var literal = literal
        return literal.withUTF8 { same(word, $0) }
    }

    /// `text(word) == literal` for a literal given as bytes, as the lookup tables keep them.
    func spells(_ word: Word, _ literal: Spelling) -> Bool { spells(word, literal.bytes) }

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

    /// The `index` of the first of `spellings` that `word` spells, if any (a scan by position: one that copied
    /// each spelling would retain its bytes).
    func index(of word: Word, in spellings: [Spelling]) -> Int? {
        for position in spellings.indices where spells(word, spellings[position].bytes) {
            return spellings[position].index
        }
        return nil
    }

    func first(_ word: Word) -> UInt8? { word.start < word.end ? bytes[word.start] : nil }
}

/// A keyword as bytes and its place in the table it comes from: the parser's lookup tables (a plain struct,
/// not a tuple, whose run-time type metadata would be built at start-up).
struct Spelling {
    let bytes: [UInt8]
    let index: Int

    init(_ word: String, _ index: Int) {
        bytes = Array(word.utf8)
        self.index = index
    }
}
