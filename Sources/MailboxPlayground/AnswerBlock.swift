/// The block every call into the page's module answers with: little-endian 32-bit words (its status, the handle of
/// what it made, the number of parts), then each part as its length in bytes and its bytes (UTF-8 text, or a file).
/// Written here for Sources/MailboxWasm, and read by the page's loader (mailsim.mjs) through the offsets below, which
/// `javaScript` writes into it as a generated block: the format is described once, and `AnswerBlockTests` fails
/// when the loader's copy is not this one (`make golden` rewrites it).
public enum AnswerBlock {
    /// Where each word is, from the block's start, in bytes.
    public static let statusOffset = 0
    public static let handleOffset = 4
    public static let countOffset = 8
    /// Where the first part's length is; each part's bytes follow its length.
    public static let partsOffset = 12
    /// A word's size, in bytes.
    public static let wordSize = 4

    /// The block of `parts` (each a part's bytes), with `status` and `handle` (0: none).
    public static func bytes(status: Int, handle: UInt = 0, parts: [[UInt8]]) -> [UInt8] {
        var block = opening(
            status: status, handle: handle, count: parts.count, bytes: parts.reduce(0) { $0 + $1.count })
        for part in parts {
            append(UInt32(truncatingIfNeeded: part.count), to: &block)
            block += part
        }
        return block
    }

    /// The block of `texts`, each part a text's UTF-8.
    public static func bytes(status: Int, handle: UInt = 0, texts: [String]) -> [UInt8] {
        var block = opening(
            status: status, handle: handle, count: texts.count, bytes: texts.reduce(0) { $0 + $1.utf8.count })
        for text in texts {
            append(UInt32(truncatingIfNeeded: text.utf8.count), to: &block)
            block += text.utf8
        }
        return block
    }

    /// The three words before the parts, in a buffer with room for `count` parts of `bytes` bytes in all.
    static func opening(status: Int, handle: UInt, count: Int, bytes: Int) -> [UInt8] {
        var block: [UInt8] = []
        block.reserveCapacity(partsOffset + count * wordSize + bytes)
        append(UInt32(truncatingIfNeeded: status), to: &block)
        append(UInt32(truncatingIfNeeded: handle), to: &block)
        append(UInt32(truncatingIfNeeded: count), to: &block)
        return block
    }

    /// `value` as a little-endian word.
    static func append(_ value: UInt32, to block: inout [UInt8]) {
        for shift in stride(from: 0, to: 8 * UInt32(truncatingIfNeeded: wordSize), by: 8) {
            block.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// A block read back: its status, handle and parts; nil when `block` is not one (too short, a length past its
    /// end, bytes left over).
    public static func read(_ block: [UInt8]) -> (status: UInt32, handle: UInt32, parts: [[UInt8]])? {
        func word(_ at: Int) -> UInt32? {
            guard at >= 0, at + wordSize <= block.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<wordSize {
                value |= UInt32(truncatingIfNeeded: block[at + i]) << UInt32(truncatingIfNeeded: 8 * i)
            }
            return value
        }
        guard let status = word(statusOffset), let handle = word(handleOffset), let count = word(countOffset) else {
            return nil
        }
        var parts: [[UInt8]] = []
        var at = partsOffset
        for _ in 0..<count {
            guard let length = word(at), length <= UInt32(truncatingIfNeeded: block.count - at - wordSize) else {
                return nil
            }
            let start = at + wordSize
            let end = start + Int(truncatingIfNeeded: length)
            parts.append(Array(block[start..<end]))
            at = end
        }
        return at == block.count ? (status, handle, parts) : nil
    }

    /// The offsets as the page's loader declares them (the block between `// generated: answer-block` and
    /// `// end generated` in Sources/PlaygroundPage/mailsim.mjs).
    public static var javaScript: String {
        let fields = [
            ("status", statusOffset), ("handle", handleOffset), ("count", countOffset), ("parts", partsOffset),
            ("word", wordSize)
        ]
        return [
            "// The answer block's layout, from the Swift that writes it (MailboxPlayground's AnswerBlock): bytes from",
            "// the block's start, little-endian 32-bit words.",
            "const ANSWER = Object.freeze({ " + fields.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + " });"
        ].joined(separator: "\n")
    }
}
