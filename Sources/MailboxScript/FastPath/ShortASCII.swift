/// A word of at most 16 ASCII bytes kept inline: no allocation and no UTF-8 check when it is made, a `String` only
/// when it is read. What an `expect` line wrote its value as (a number, a name, a colour), kept for a failure
/// message that is rarely printed. Its bytes are a `SpellingKey`, the key the parser looks words up by.
struct ShortASCII: Sendable {
    private let key: SpellingKey

    static let capacity = 16

    /// The bytes as a word, or nil past `capacity` (the caller checked they are ASCII).
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let key = SpellingKey(bytes) else { return nil }
        self.key = key
    }

    /// The word whose key the parser made of a line's ASCII bytes.
    init(_ key: SpellingKey) { self.key = key }

    var string: String {
        let bytes = (0..<key.count).map { offset in
            UInt8(truncatingIfNeeded: offset < 8 ? key.low >> (8 * offset) : key.high >> (8 * (offset - 8)))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
