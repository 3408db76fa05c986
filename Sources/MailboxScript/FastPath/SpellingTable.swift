/// Keywords as bytes, each with its place in the table it comes from: the fast reader's lookup tables. Kept as arrays
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
        var low: UInt64 = 0
        var high: UInt64 = 0
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
        self.init(low: low, high: high, count: bytes.count)
    }

    /// A hash of the key, whose top bits pick a slot of a `SpellingTable` (Fibonacci hashing of the bytes mixed).
    @inline(__always)
    var hash: UInt64 {
        (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(bitPattern: Int64(count))) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The low `count` bytes of a 64-bit word (1 to 8).
    @inline(__always)
    static func mask(_ count: Int) -> UInt64 { UInt64.max &>> UInt64(truncatingIfNeeded: 64 &- 8 &* count) }
}
