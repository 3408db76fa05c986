/// GIF's LZW coder: variable-length codes of up to 12 bits, packed from the low bit up. The dictionary is a
/// direct table: row `code` holds the code of that string followed by each pixel (0 for none), and a row is
/// emptied when its code is defined, so a look-up is one load.
///
/// When the dictionary is full (4096 codes) a coder may clear it at once (what giflib does) or keep coding
/// with the full dictionary, which GIF allows: a long flat stretch keeps the long strings it has learnt
/// (`Policy.keepWhileUseful`, what the writer uses: on the 3-second benchmark walkthrough it is 2 % smaller
/// than clearing at once, and coding both ways to keep the smaller gained 0.1 % for a third more time).
final class LZW {
    /// Row `code` × 256 + pixel: the code of that string followed by that pixel, 0 for none. Owned memory
    /// rather than an array: the coding loop then touches no closure-captured state (which Swift checks for
    /// exclusive access at run time, at every access).
    private let child = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096 * 256)

    init() { child.initialize(repeating: 0, count: 4096 * 256) }
    deinit { child.deallocate() }

    /// What to do when the dictionary is full.
    enum Policy: CaseIterable {
        /// Clear it at once (giflib's way).
        case clearAtOnce
        /// Keep it until the strings it finds are less than half as long as when it filled, or until one code
        /// is sent four times running (a run longer than any string it knows, which a fresh dictionary would
        /// learn).
        case keepWhileUseful
    }

    @inline(__always)
    private static func put(_ code: Int, _ size: Int, _ bits: inout UInt64, _ count: inout Int, _ data: inout [UInt8]) {
        bits |= UInt64(code) << UInt64(count)
        count += size
        while count >= 8 {
            data.append(UInt8(truncatingIfNeeded: bits))
            bits >>= 8
            count -= 8
        }
    }

    /// The compressed bytes of `pixels` (entries below 2^`minCodeSize`), without GIF's sub-block framing.
    func encode(_ pixels: UnsafeBufferPointer<UInt8>, minCodeSize: Int, policy: Policy) -> [UInt8] {
        var data = [UInt8]()
        data.reserveCapacity(pixels.count / 4 + 16)
        let clear = 1 << minCodeSize
        var codeSize = minCodeSize + 1
        var next = clear + 2
        var bits: UInt64 = 0
        var count = 0
        Self.put(clear, codeSize, &bits, &count, &data)
        guard let first = pixels.first else {
            Self.put(clear + 1, codeSize, &bits, &count, &data)
            if count > 0 { data.append(UInt8(truncatingIfNeeded: bits)) }
            return data
        }
        let keepFull = policy == .keepWhileUseful
        var prefix = Int(truncatingIfNeeded: first)
        // Pixels a code stands for: a moving average, and its value when the dictionary filled; the code sent
        // last and how many times running.
        var run = 1
        var average = 1.0
        var whenFull = 0.0
        var lastCode = -1
        var repeats = 0
        let child = self.child
        // The rows of the one-pixel strings; the others are emptied as their codes are defined.
        child.update(repeating: 0, count: clear << 8)
        for i in 1..<pixels.count {
            let pixel = Int(truncatingIfNeeded: pixels[i])
            let slot = prefix << 8 | pixel
            let code = child[slot]
            if code != 0 {
                prefix = Int(truncatingIfNeeded: code)
                run += 1
                continue
            }
            Self.put(prefix, codeSize, &bits, &count, &data)
            if keepFull {
                if prefix == lastCode {
                    repeats += 1
                } else {
                    lastCode = prefix
                    repeats = 1
                }
                average += (Double(run) - average) / 16
                run = 1
            }
            if next < 4096 {
                child[slot] = UInt16(truncatingIfNeeded: next)
                (child + (next << 8)).update(repeating: 0, count: 256)
                next += 1
                if next > 1 << codeSize && codeSize < 12 { codeSize += 1 }
                if next == 4096 { whenFull = average }
            } else if !keepFull || average < whenFull / 2 || repeats >= 4 {
                Self.put(clear, codeSize, &bits, &count, &data)
                codeSize = minCodeSize + 1
                next = clear + 2
                child.update(repeating: 0, count: clear << 8)
                lastCode = -1
            }
            prefix = pixel
        }
        Self.put(prefix, codeSize, &bits, &count, &data)
        Self.put(clear + 1, codeSize, &bits, &count, &data)
        if count > 0 { data.append(UInt8(truncatingIfNeeded: bits)) }
        return data
    }
}
