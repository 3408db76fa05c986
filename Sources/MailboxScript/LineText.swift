
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
            for position in table.words.indices where spells(word, table.words[position]) { return table.indices[position] }
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
                return SpellingKey(low: raw.loadUnaligned(fromByteOffset: word.start, as: UInt64.self) & SpellingKey.mask(count),
                                   high: 0, count: count)
            }
            // Near the end of the line: the eight bytes ending with the word, shifted down; or, in a line of fewer
            // than eight bytes, the word's own bytes.
            if word.end >= 8 {
                return SpellingKey(low: raw.loadUnaligned(fromByteOffset: word.end &- 8, as: UInt64.self)
                                       &>> UInt64(8 &* (8 &- count)), high: 0, count: count)
            }
            return SpellingKey(low: (raw + word.start).loadLowBytes(count), high: 0, count: count)
        }
        let low = raw.loadUnaligned(fromByteOffset: word.start, as: UInt64.self)
        if word.start &+ 16 <= bytes.count {
            return SpellingKey(low: low, high: raw.loadUnaligned(fromByteOffset: word.start &+ 8, as: UInt64.self)
                                   & SpellingKey.mask(count &- 8), count: count)
        }
        return SpellingKey(low: low, high: raw.loadUnaligned(fromByteOffset: word.end &- 8, as: UInt64.self)
                               &>> UInt64(8 &* (16 &- count)), count: count)
    }

    func first(_ word: Word) -> UInt8? { word.start < word.end ? bytes[word.start] : nil }
}

/// Keywords as bytes, each with its place in the table it comes from: the parser's lookup tables. Kept as arrays
/// of plain values side by side (not an array of structs holding arrays, nor tuples, whose run-time type metadata
/// would be built at start-up), so that a lookup retains nothing.
struct SpellingTable {
    let words: [[UInt8]]
    /// Each keyword's place in the table it comes from.
    let indices: [Int]
    /// The keys of the keywords of up to 16 bytes, by their hash (open addressing, probed one slot after another;
    /// at most half the slots are taken), each with its keyword's place; an empty slot's count is -1.
    private let slots: [Slot]
    /// The hash's top bits that pick a slot: 64 less the log₂ of the slots' count.
    private let shift: UInt64

    private struct Slot {
        let key: SpellingKey
        let index: Int
    }

    /// The table of `names`, the `n`th at place `indices[n]` (by default, its own position).
    init(_ names: [String], indices: [Int]? = nil) {
        words = names.map { Array($0.utf8) }
        let indices = indices ?? Array(names.indices)
        self.indices = indices
        var bits = 1
        while 1 << bits < 2 * max(names.count, 1) { bits += 1 }
        let empty = Slot(key: SpellingKey(low: 0, high: 0, count: -1), index: -1)
        var slots = Array(repeating: empty, count: 1 << bits)
        shift = UInt64(64 - bits)
        for (position, word) in words.enumerated() {
            guard let key = word.withUnsafeBufferPointer({ SpellingKey($0) }) else { continue }
            var slot = Int(truncatingIfNeeded: key.hash &>> shift)
            while slots[slot].key.count >= 0 && slots[slot].key != key { slot = (slot + 1) & (slots.count - 1) }
            // The first of two same spellings is the one found.
            if slots[slot].key.count < 0 { slots[slot] = Slot(key: key, index: indices[position]) }
        }
        self.slots = slots
    }

    /// The place of the keyword whose key is `key`, if any.
    @inline(__always)
    func index(of key: SpellingKey) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var slot = Int(truncatingIfNeeded: key.hash &>> shift)
            while true {
                let entry = slots[slot]
                if entry.key == key { return entry.index }
                if entry.key.count < 0 { return nil }
                slot = (slot &+ 1) & (slots.count &- 1)
            }
        }
    }

    /// The place of the first keyword spelled `name`, by its bytes.
    func index(of name: some StringProtocol) -> Int? {
        words.firstIndex { $0.count == name.utf8.count && name.utf8.elementsEqual($0) }.map { indices[$0] }
    }
}

/// A word of up to 16 bytes packed into two integers (the first byte lowest), with its length: two such words
/// are the same bytes exactly when their keys are equal, so finding a word in a table is a few integer
/// comparisons an entry rather than a loop over bytes.
struct SpellingKey: Equatable {
    let low: UInt64
    let high: UInt64
    let count: Int

    init(low: UInt64, high: UInt64, count: Int) {
        self.low = low
        self.high = high
        self.count = count
    }

    /// The key of `bytes`, read one by one; nil for more than 16.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= 16 else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
        self.init(low: low, high: high, count: bytes.count)
    }

    /// A hash of the key, whose top bits pick a slot of a `SpellingTable` (Fibonacci hashing of the bytes mixed).
    @inline(__always)
    var hash: UInt64 { (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bitPattern: Int64(count))) &* 0x9E37_79B9_7F4A_7C15 }

    /// The low `count` bytes of a 64-bit word (1 to 8).
    @inline(__always)
    static func mask(_ count: Int) -> UInt64 { UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count) }
}

extension UnsafeRawPointer {
    /// The first `count` bytes (0 to 8) as the low bytes of a 64-bit word, the first lowest, reading no byte past
    /// them: a 4-, a 2- and a 1-byte load, as `count` has those bits.
    @inline(__always)
    func loadLowBytes(_ count: Int) -> UInt64 {
        if count == 8 { return loadUnaligned(as: UInt64.self) }
        var value: UInt64 = 0, offset = 0
        if count & 4 != 0 {
            value = UInt64(loadUnaligned(as: UInt32.self))
            offset = 4
        }
        if count & 2 != 0 {
            value |= UInt64(loadUnaligned(fromByteOffset: offset, as: UInt16.self)) &<< UInt64(8 &* offset)
            offset &+= 2
        }
        if count & 1 != 0 { value |= UInt64(load(fromByteOffset: offset, as: UInt8.self)) &<< UInt64(8 &* offset) }
        return value
    }
}
