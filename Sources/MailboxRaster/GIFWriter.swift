import CGif

/// An animated GIF that loops, written with giflib: frames of one size, each shown for 1 / (fps · speed)
/// seconds. Delays are whole centiseconds, so each frame's delay carries the rounding of those before it and
/// the total is the walkthrough's length. A frame equal to the one before extends it; one that differs is
/// stored as the rectangle that changed (kept in place, disposal 1), its unchanged pixels transparent, as GIF
/// optimisers do. Each stored rectangle has its own colour table made from the colours of the pixels it
/// changes (`GIFPalette`): exact up to 255 colours, beyond within a small ΔE. A pixel left as it was shows
/// the colour written for that same true colour before, so its error is that frame's, within the same bound.
public struct GIFWriter {
    public let width: Int
    public let height: Int
    /// Frames shown per second of playback (fps × speed).
    private let framesPerSecond: Double
    /// The frame written last (0xRRGGBB, as drawn), the pending frame (the last distinct one), and the frame
    /// being added.
    private var previous: [UInt32]
    private var shown: [UInt32]
    private var scratch: [UInt32]
    /// The pending frame: the range of frame numbers it stands for.
    private var pending: (first: Int, count: Int)?
    private var written = false
    private var frames = 0
    private var histogram = ColorHistogram()
    private var indices: [UInt8] = []
    private let encoder: Encoder
    /// The largest ΔE76 and the largest difference in one channel between a pixel written and the frame's own.
    public private(set) var maxDeltaE = 0.0
    public private(set) var maxChannelError = 0
    /// Colour table entries written, in all.
    public private(set) var paletteEntries = 0

    public init(width: Int, height: Int, framesPerSecond: Double) throws(RasterError) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        shown = [UInt32](repeating: 0, count: width * height)
        scratch = shown
        previous = shown
        encoder = try Encoder(width: width, height: height)
    }

    /// Adds `repeats` frames showing `raster` (same size as the GIF).
    public mutating func add(_ raster: Raster, repeats: Int = 1) throws(RasterError) {
        precondition(raster.width == width && raster.height == height)
        let width = self.width
        scratch.withUnsafeMutableBufferPointer { out in
            raster.withRows { y, row in
                let base = y * width
                for x in 0..<width { out[base + x] = row[x] & 0xFF_FFFF }
            }
        }
        try add(repeats: repeats)
    }

    /// Adds `repeats` frames showing `pixels` (0xRRGGBB, row by row, width × height of them).
    public mutating func add(pixels: [UInt32], repeats: Int = 1) throws(RasterError) {
        precondition(pixels.count == width * height)
        scratch = pixels
        try add(repeats: repeats)
    }

    private mutating func add(repeats: Int) throws(RasterError) {
        if let held = pending {
            if scratch == shown {
                pending = (held.first, held.count + repeats)
                frames += repeats
                return
            }
            try flush()
            swap(&previous, &shown)
        }
        pending = (frames, repeats)
        swap(&shown, &scratch)
        frames += repeats
    }

    /// Writes the last frame and returns the whole file.
    public consuming func finish() throws(RasterError) -> [UInt8] {
        try flush()
        return try encoder.close()
    }

    /// The bounding box of the pixels where `shown` and `previous` differ, or nil when none do.
    private func changedRectangle() -> (left: Int, top: Int, right: Int, bottom: Int)? {
        var top = -1, bottom = -1, left = width, right = 0
        previous.withUnsafeBufferPointer { old in
            shown.withUnsafeBufferPointer { new in
                for y in 0..<height {
                    let base = y * width
                    var x = 0
                    while x < width && old[base + x] == new[base + x] { x += 1 }
                    guard x < width else { continue }
                    if top < 0 { top = y }
                    bottom = y + 1
                    left = min(left, x)
                    var end = width
                    while end > x && old[base + end - 1] == new[base + end - 1] { end -= 1 }
                    right = max(right, end)
                }
            }
        }
        return top < 0 ? nil : (left, top, right, bottom)
    }

    /// Writes the pending frame with its delay: the centiseconds from its first frame's start to its last's end.
    /// The rectangle's pixels equal to the frame before are transparent (after the first frame); the others
    /// are counted, given a colour table, and written as their entries.
    private mutating func flush() throws(RasterError) {
        guard let frame = pending else { return }
        pending = nil
        let start = centiseconds(at: frame.first), end = centiseconds(at: frame.first + frame.count)
        let onTop = written
        // A pending frame differs from the one before (else it would have extended it): after the first, its
        // rectangle is never empty.
        let rect = (onTop ? changedRectangle() : nil) ?? (0, 0, width, height)
        let width = self.width, columns = rect.right - rect.left, rows = rect.bottom - rect.top
        histogram.removeAll()
        var unchanged = 0
        previous.withUnsafeBufferPointer { old in
            shown.withUnsafeBufferPointer { new in
                for y in rect.top..<rect.bottom {
                    var x = y * width + rect.left
                    let end = x + columns
                    while x < end {
                        let rgb = new[x]
                        if onTop && old[x] == rgb { unchanged += 1; x += 1; continue }
                        var run = x + 1
                        while run < end && new[run] == rgb && !(onTop && old[run] == rgb) { run += 1 }
                        histogram.add(rgb, times: Int32(run - x))
                        x = run
                    }
                }
            }
        }
        let transparent = unchanged > 0
        let palette = GIFPalette(colors: histogram.colors, counts: histogram.pixelCounts, limit: transparent ? 255 : 256)
        histogram.assign(palette.entries)
        maxDeltaE = max(maxDeltaE, palette.maxDeltaE)
        maxChannelError = max(maxChannelError, palette.maxChannelError)
        let transparentEntry = UInt8(transparent ? palette.colors.count : 0)
        if indices.count < columns * rows { indices = [UInt8](repeating: 0, count: columns * rows) }
        let lookup = histogram
        previous.withUnsafeBufferPointer { old in
            shown.withUnsafeBufferPointer { new in
                indices.withUnsafeMutableBufferPointer { out in
                    var i = 0
                    var last = UInt32.max, lastEntry: UInt8 = 0
                    for y in rect.top..<rect.bottom {
                        let base = y * width + rect.left
                        for x in base..<(base + columns) {
                            let rgb = new[x]
                            if onTop && old[x] == rgb {
                                out[i] = transparentEntry
                            } else {
                                if rgb != last { last = rgb; lastEntry = lookup.entry(of: rgb) }
                                out[i] = lastEntry
                            }
                            i += 1
                        }
                    }
                }
            }
        }
        var table = palette.colors
        if transparent { table.append(0) }
        paletteEntries += table.count
        try encoder.putFrame(indices, colors: table, transparent: transparent ? transparentEntry : nil,
                             left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom,
                             delay: end - start)
        written = true
    }

    /// The instant frame `n` starts, in whole centiseconds of playback (rounded, so delays carry the rest).
    private func centiseconds(at n: Int) -> Int { Int((Double(n) * 100 / framesPerSecond).rounded()) }

    /// giflib's encoder writing into memory.
    private final class Encoder {
        let gif: GifLibrary
        let file: GifLibrary.File
        let sink = Sink()
        var closed = false

        final class Sink { var bytes: [UInt8] = [] }

        init(width: Int, height: Int) throws(RasterError) {
            gif = try GifLibrary.load()
            var error: Int32 = 0
            guard let file = gif.open(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return length
            }, &error) else { throw RasterError("giflib: \(gif.message(error))") }
            self.file = file
            gif.setGifVersion(file, true)
            // No global colour table: each frame brings its own.
            try check(gif.putScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
            // NETSCAPE2.0: loop forever.
            try check(gif.putExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
            try check(gif.putExtensionBlock(file, 11, Array("NETSCAPE2.0".utf8)))
            try check(gif.putExtensionBlock(file, 3, [UInt8(1), 0, 0]))
            try check(gif.putExtensionTrailer(file))
        }

        deinit { if !closed { _ = gif.close(file, nil) } }

        func check(_ status: Int32) throws(RasterError) {
            guard status == GIF_OK else { throw RasterError("giflib: \(gif.message(file.pointee.Error))") }
        }

        /// Writes `pixels` (entries of `colors`, the rectangle's rows one after another) at the rectangle.
        func putFrame(_ pixels: [UInt8], colors: [UInt32], transparent: UInt8?, left: Int, top: Int, right: Int,
                      bottom: Int, delay: Int) throws(RasterError) {
            // Graphic control: keep the frame in place (disposal 1), the transparent entry if any, the delay.
            let control: [UInt8] = [1 << 2 | (transparent == nil ? 0 : 1), UInt8(delay & 0xFF),
                                    UInt8((delay >> 8) & 0xFF), transparent ?? 0]
            try check(gif.putExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, control))
            // giflib takes tables of 2, 4, … 256 entries.
            var size = 2
            while size < colors.count { size <<= 1 }
            var table = colors.map { GifColorType(Red: UInt8($0 >> 16), Green: UInt8(($0 >> 8) & 0xFF), Blue: UInt8($0 & 0xFF)) }
            table += Array(repeating: GifColorType(Red: 0, Green: 0, Blue: 0), count: size - colors.count)
            guard let map = gif.makeMapObject(Int32(size), table) else { throw RasterError("giflib: no colour table") }
            defer { gif.freeMapObject(map) }
            let columns = right - left
            try check(gif.putImageDesc(file, Int32(left), Int32(top), Int32(columns), Int32(bottom - top), false, map))
            try pixels.withUnsafeBufferPointer { (all) throws(RasterError) in
                for y in 0..<(bottom - top) {
                    let row = UnsafeMutablePointer(mutating: all.baseAddress! + y * columns)
                    try check(gif.putLine(file, row, Int32(columns)))
                }
            }
        }

        func close() throws(RasterError) -> [UInt8] {
            var error: Int32 = 0
            closed = true
            guard gif.close(file, &error) == GIF_OK else { throw RasterError("giflib: \(gif.message(error))") }
            return sink.bytes
        }
    }
}
