/// CRC-32 as ZIP, PNG and gzip use it (ISO 3309, the reflected polynomial 0xEDB88320): the check of each file a
/// `StoredZip` holds.
enum CRC32 {
    /// The remainder of every byte value, computed once.
    private static let table: [UInt32] = (0...255).map { (value: UInt32) in
        var c = value
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The CRC-32 of `bytes` (`CRC32.checksum(Array("123456789".utf8)) == 0xCBF43926`).
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            // The low byte of the remainder and the byte: an index of 0 to 255.
            let index = Int(truncatingIfNeeded: (c ^ UInt32(truncatingIfNeeded: byte)) & 0xFF)
            c = table[index] ^ (c >> 8)
        }
        return c ^ 0xFFFF_FFFF
    }
}
