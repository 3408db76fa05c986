extension UnsafeRawPointer {
    /// The first `count` bytes (0 to 8) as the low bytes of a 64-bit word, the first lowest, reading no byte past
    /// them: a 4-, a 2- and a 1-byte load, as `count` has those bits.
    @inline(__always)
    func loadLowBytes(_ count: Int) -> UInt64 {
        if count == 8 { return loadUnaligned(as: UInt64.self) }
        var value: UInt64 = 0
        var offset = 0
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
