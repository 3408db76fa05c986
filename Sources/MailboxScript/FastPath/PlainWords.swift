/// The words of a line of at most 64 bytes of printable ASCII without `#`, apart by spaces, one after another (no
/// array): the line is read once, eight bytes at a time, into a bit a byte that says where the spaces are, and
/// each word is then two bit scans. Any other line (a tab, a control, a byte outside ASCII, a `#`, or a longer line)
/// is not plain (`isPlain`) and has no words here: the table's way reads it.
struct PlainWords {
    /// Bit `n` set: byte `n` is a space, or lies past the line's end (every bit, for a line not plain).
    private let gaps: UInt64
    /// Where the next word is looked for.
    private var offset = 0
    /// True for a line of at most 64 bytes, each printable ASCII but `#`, or a space.
    let isPlain: Bool
    /// The end of the last word read.
    private(set) var lastEnd = 0

    /// The longest line read here.
    static let maxBytes = 64

    private static let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    private static let spaces = 0x20 &* ones

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.maxBytes, let base = bytes.baseAddress, !bytes.isEmpty else {
            gaps = UInt64.max
            isPlain = bytes.isEmpty
            return
        }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var gaps: UInt64 = 0
        var others: UInt64 = 0
        var offset = 0
        while offset < count {
            var chunk: UInt64
            if offset &+ 8 <= count {
                chunk = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            } else {
                if count >= 8 {
                    // The line's last eight bytes, shifted down to those not read yet.
                    chunk =
                        raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                        &>> UInt64(8 &* (offset &+ 8 &- count))
                } else {
                    chunk = raw.loadLowBytes(count)
                }
                // Past the end: spaces (gaps, and plain).
                chunk |= Self.spaces & (UInt64.max &<< UInt64(8 &* (count &- offset)))
            }
            gaps |= Self.gather(Self.zeros(chunk ^ Self.spaces)) &<< UInt64(offset)
            others |= Self.notPlain(chunk)
            offset &+= 8
        }
        isPlain = others == 0
        self.gaps = isPlain ? gaps | (offset == 64 ? 0 : UInt64.max &<< UInt64(offset)) : UInt64.max
    }

    /// The next word, or nil at the end of the line (and always, for a line not plain). In a line of ASCII a
    /// column is a byte.
    mutating func next() -> LineText.Word? {
        guard offset < 64 else { return nil }
        let words = ~gaps & (UInt64.max &<< UInt64(offset))
        guard words != 0 else { return nil }
        let start = words.trailingZeroBitCount
        let end = (gaps & (UInt64.max &<< UInt64(start))).trailingZeroBitCount
        offset = end
        lastEnd = end
        return LineText.Word(start: start, end: end, column: start &+ 1)
    }

    /// The high bit of each byte of `word` that is zero, exactly (no borrow or carry crosses a byte).
    @inline(__always)
    private static func zeros(_ word: UInt64) -> UInt64 {
        let lows = ~highs
        return ~(((word & lows) &+ lows) | word | lows)
    }

    /// Nonzero when one of the eight bytes is not plain: below 0x20 (a tab, a control), 0x7F and above, or `#`.
    /// Each test may also mark bytes above a marked one (a borrow runs upward), never one where none is, so the
    /// answer (zero or not) is exact.
    @inline(__always)
    private static func notPlain(_ word: UInt64) -> UInt64 {
        let below = (word &- 0x20 &* ones) & ~word
        let deletes = word ^ (0x7F &* ones)
        let hashes = word ^ (0x23 &* ones)
        return (below | word | ((deletes &- ones) & ~deletes) | ((hashes &- ones) & ~hashes)) & highs
    }

    /// The high bits of the eight bytes of `marks` (no other bit set) as the low eight bits, the first byte's lowest.
    @inline(__always)
    private static func gather(_ marks: UInt64) -> UInt64 { ((marks &>> 7) &* 0x0102_0408_1020_4080) &>> 56 }
}
