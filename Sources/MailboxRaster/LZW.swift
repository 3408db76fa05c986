/// GIF's LZW coder: variable-length codes of up to 12 bits, packed from the low bit up. The dictionary is a
/// direct table of (prefix code, pixel) → code stamped with a generation, so a clear costs nothing.
///
/// When the dictionary is full (4096 codes) a coder may clear it at once (what giflib does) or keep coding
/// with the full dictionary, which GIF allows: a long flat stretch keeps the long strings it has learnt. The
/// writer codes a large rectangle both ways and keeps the smaller; kept, the full dictionary is cleared only
/// once the strings it finds are less than half as long as they were when it filled.
struct LZW {
    private var table = [UInt32](repeating: 0, count: 1 << 20)
    private var generation: UInt32 = 0
    private var data: [UInt8] = []

    /// The compressed bytes of `pixels` (entries below 2^`minCodeSize`), without GIF's sub-block framing.
    mutating func encode(_ pixels: UnsafeBufferPointer<UInt8>, minCodeSize: Int, keepFullDictionary: Bool) -> [UInt8] {
        var data: [UInt8] = []
        swap(&data, &self.data)
        data.removeAll(keepingCapacity: true)
        defer { self.data = data }
        let clear = 1 << minCodeSize
        var codeSize = minCodeSize + 1
        var next = clear + 2
        var bits: UInt64 = 0, count = 0
        @inline(__always) func put(_ code: Int) {
            bits |= UInt64(code) << UInt64(count)
            count += codeSize
            while count >= 8 {
                data.append(UInt8(truncatingIfNeeded: bits))
                bits >>= 8
                count -= 8
            }
        }
        newGeneration()
        put(clear)
        guard let first = pixels.first else {
            put(clear + 1)
            if count > 0 { data.append(UInt8(truncatingIfNeeded: bits)) }
            return data
        }
        var prefix = Int(first)
        // Pixels a code stands for: a moving average, and its value when the dictionary filled.
        var run = 1, average = 1.0, whenFull = 0.0
        var generation = self.generation
        var stamp = generation << 12
        defer { self.generation = generation }
        var table: [UInt32] = []
        swap(&table, &self.table)
        defer { swap(&table, &self.table) }
        table.withUnsafeMutableBufferPointer { table in
            for i in 1..<pixels.count {
                let pixel = Int(pixels[i])
                let key = prefix << 8 | pixel
                let entry = table[key]
                if entry & ~0xFFF == stamp {
                    prefix = Int(entry & 0xFFF)
                    run += 1
                    continue
                }
                put(prefix)
                average += (Double(run) - average) / 16
                run = 1
                if next < 4096 {
                    table[key] = stamp | UInt32(next)
                    next += 1
                    if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                    if next == 4096 { whenFull = average }
                } else if !keepFullDictionary || average < whenFull / 2 {
                    put(clear)
                    codeSize = minCodeSize + 1
                    next = clear + 2
                    generation += 1
                    if generation >= 1 << 20 { table.update(repeating: 0); generation = 1 }
                    stamp = generation << 12
                }
                prefix = pixel
            }
        }
        put(prefix)
        put(clear + 1)
        if count > 0 { data.append(UInt8(truncatingIfNeeded: bits)) }
        return data
    }

    private mutating func newGeneration() {
        generation += 1
        if generation >= 1 << 20 {
            table = [UInt32](repeating: 0, count: 1 << 20)
            generation = 1
        }
    }
}
