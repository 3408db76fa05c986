/// RFC 4648 base64, for data: URIs (the language server's hover pictures, the grade report's frames).
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64, padded with `=`.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let n = widened(bytes[index]) << 16 | widened(bytes[index + 1]) << 8 | widened(bytes[index + 2])
            out += [digit(n >> 18), digit(n >> 12), digit(n >> 6), digit(n)]
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let n = widened(bytes[index]) << 16 | (rest == 2 ? widened(bytes[index + 1]) << 8 : 0)
            out += [
                digit(n >> 18), digit(n >> 12), rest == 2 ? digit(n >> 6) : UInt8(ascii: "="), UInt8(ascii: "=")
            ]
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A byte as a 32-bit word (it only widens).
    private static func widened(_ byte: UInt8) -> UInt32 { UInt32(truncatingIfNeeded: byte) }

    private static func digit(_ n: UInt32) -> UInt8 { alphabet[Int(truncatingIfNeeded: n & 63)] }
}
