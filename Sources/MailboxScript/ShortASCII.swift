/// A word of at most 16 ASCII bytes kept inline: no allocation and no UTF-8 check when it is made, a `String` only
/// when it is read. What an `expect` line wrote a number as, kept for a failure message that is rarely printed.
struct ShortASCII: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    private let count: Int

    static let capacity = 16

    /// The bytes as a word, or nil past `capacity` (the caller checked they are ASCII).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.capacity else { return nil }
        count = bytes.count
        for (offset, byte) in bytes.enumerated() {
            if offset < 8 { low |= UInt64(byte) << (8 * offset) } else { high |= UInt64(byte) << (8 * (offset - 8)) }
        }
    }

    var string: String {
        let bytes = (0..<count).map { offset in
            UInt8(truncatingIfNeeded: offset < 8 ? low >> (8 * offset) : high >> (8 * (offset - 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
