import CGif

/// An animated GIF that loops, written with giflib: frames of one size, each shown for 1 / (fps · speed)
/// seconds. Delays are whole centiseconds, so each frame's delay carries the rounding of those before it and
/// the total is the walkthrough's length. A frame equal to the one before extends it; one that differs is
/// stored as the rectangle that changed (kept in place, disposal 1), as GIF optimisers do.
public struct GIFWriter {
    public let width: Int
    public let height: Int
    /// Frames shown per second of playback (fps × speed).
    private let framesPerSecond: Double
    private let palette = GIFPalette.shared
    /// The last distinct frame (the pending one), and the frame being quantised.
    private var shown: [UInt8]
    private var scratch: [UInt8]
    /// The pending frame: the rectangle it changed and the range of frame numbers it stands for.
    private var pending: (left: Int, top: Int, right: Int, bottom: Int, first: Int, count: Int)?
    private var frames = 0
    private let encoder: Encoder

    public init(width: Int, height: Int, framesPerSecond: Double) throws(RasterError) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        shown = [UInt8](repeating: 0, count: width * height)
        scratch = shown
        encoder = try Encoder(width: width, height: height, palette: palette.colors)
    }

    /// Adds `repeats` frames showing `raster` (same size as the GIF).
    public mutating func add(_ raster: Raster, repeats: Int = 1) throws(RasterError) {
        precondition(raster.width == width && raster.height == height)
        let palette = self.palette
        let width = self.width
        scratch.withUnsafeMutableBufferPointer { out in
            raster.withRows { y, row in
                var last: UInt32 = .max, lastIndex: UInt8 = 0
                let base = y * width
                for x in 0..<width {
                    let rgb = row[x] & 0xFF_FFFF
                    if rgb != last { last = rgb; lastIndex = palette.index(of: rgb) }
                    out[base + x] = lastIndex
                }
            }
        }
        if var held = pending {
            guard let changed = changedRectangle() else {
                held.count += repeats
                pending = held
                frames += repeats
                return
            }
            try flush()
            pending = (changed.left, changed.top, changed.right, changed.bottom, frames, repeats)
        } else {
            pending = (0, 0, width, height, 0, repeats)
        }
        swap(&shown, &scratch)
        frames += repeats
    }

    /// Writes the last frame and returns the whole file.
    public consuming func finish() throws(RasterError) -> [UInt8] {
        try flush()
        return try encoder.close()
    }

    /// The bounding box of the pixels that differ between `scratch` and `shown`, or nil when none do.
    private func changedRectangle() -> (left: Int, top: Int, right: Int, bottom: Int)? {
        var top = -1, bottom = -1, left = width, right = 0
        shown.withUnsafeBufferPointer { old in
            scratch.withUnsafeBufferPointer { new in
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
    private mutating func flush() throws(RasterError) {
        guard let frame = pending else { return }
        let start = centiseconds(at: frame.first), end = centiseconds(at: frame.first + frame.count)
        try encoder.putFrame(shown, width: width, left: frame.left, top: frame.top, right: frame.right,
                             bottom: frame.bottom, delay: end - start)
        pending = nil
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

        init(width: Int, height: Int, palette: [UInt32]) throws(RasterError) {
            gif = try GifLibrary.load()
            var error: Int32 = 0
            guard let file = gif.open(Unmanaged.passUnretained(sink).toOpaque(), { file, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(file!.pointee.UserData).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return length
            }, &error) else { throw RasterError("giflib: \(gif.message(error))") }
            self.file = file
            gif.setGifVersion(file, true)
            let colors = palette.map { GifColorType(Red: UInt8($0 >> 16), Green: UInt8(($0 >> 8) & 0xFF), Blue: UInt8($0 & 0xFF)) }
            let map = gif.makeMapObject(Int32(colors.count), colors)
            defer { gif.freeMapObject(map) }
            try check(gif.putScreenDesc(file, Int32(width), Int32(height), 8, 0, map))
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

        func putFrame(_ pixels: [UInt8], width: Int, left: Int, top: Int, right: Int, bottom: Int, delay: Int) throws(RasterError) {
            // Graphic control: keep the frame in place (disposal 1), no transparency, the delay.
            let control: [UInt8] = [1 << 2, UInt8(delay & 0xFF), UInt8((delay >> 8) & 0xFF), 0]
            try check(gif.putExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, control))
            try check(gif.putImageDesc(file, Int32(left), Int32(top), Int32(right - left), Int32(bottom - top), false, nil))
            var row = [GifPixelType](repeating: 0, count: right - left)
            for y in top..<bottom {
                let base = y * width
                for x in left..<right { row[x - left] = pixels[base + x] }
                try check(gif.putLine(file, &row, Int32(right - left)))
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
