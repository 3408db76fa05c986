import CMaths
import MailboxText

/// An animated GIF that loops, coded by mailsim (`LZW`): frames of one size, each shown for 1 / (fps · speed)
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
    /// The colours the GIF shows now, pixel by pixel (each written pixel's palette colour).
    private var display: [UInt32]
    /// The pending frame: the range of frame numbers it stands for.
    private var pending: (first: Int, count: Int)?
    private var written = false
    private var frames = 0
    private var histogram = ColorHistogram()
    private var indices: [UInt8] = []
    private var runIndices: [UInt8] = []
    /// Each pixel of the rectangle: `forced` | its entry when it changed, the colour shown when not.
    private var cells: [UInt32] = []
    private static let forced: UInt32 = 0x8000_0000
    private let encoder: Encoder
    /// The largest ΔE76 and the largest difference in one channel between a pixel written and the frame's own.
    public private(set) var maxDeltaE = 0.0
    public private(set) var maxChannelError = 0
    /// Colour table entries written, in all.
    public private(set) var paletteEntries = 0

    /// A GIF written to `sink` frame by frame, or kept in memory (returned by `finish`) when there is none. Each
    /// frame's control says `disposal`: 1 (keep it in place, mailsim's own), or 0 (unspecified, which viewers treat
    /// as 1: what LICEcap writes, for the grader's damaged walkthroughs).
    public init(
        width: Int, height: Int, framesPerSecond: Double, sink: ByteSink? = nil, disposal: UInt8 = 1
    ) throws(RasterError) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        shown = [UInt32](repeating: 0, count: width * height)
        scratch = shown
        previous = shown
        display = shown
        encoder = try Encoder(width: width, height: height, sink: sink, disposal: disposal)
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

    /// Writes the last frame and returns the whole file (nothing when it went to a sink).
    public consuming func finish() throws(RasterError) -> [UInt8] {
        try flush()
        return try encoder.close()
    }

    /// The part of the frame a stored image covers: columns left..<right, rows top..<bottom.
    private struct Rectangle {
        let left: Int, top: Int, right: Int, bottom: Int
        var columns: Int { right - left }
        /// Its pixel count, the length of its cells and entries.
        var count: Int { columns * (bottom - top) }
    }

    /// The bounding box of the pixels where `shown` and `previous` differ, or nil when none do.
    private func changedRectangle() -> Rectangle? {
        var top = -1
        var bottom = -1
        var left = width
        var right = 0
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
        return top < 0 ? nil : Rectangle(left: left, top: top, right: right, bottom: bottom)
    }

    /// Writes the pending frame with its delay: the centiseconds from its first frame's start to its last's end.
    /// The rectangle's pixels equal to the frame before are transparent (after the first frame); the others
    /// are counted, given a colour table, and written as their entries.
    private mutating func flush() throws(RasterError) {
        guard let frame = pending else { return }
        pending = nil
        let delay = centiseconds(at: frame.first + frame.count) - centiseconds(at: frame.first)
        let onTop = written
        // A pending frame differs from the one before (else it would have extended it): after the first, its
        // rectangle is never empty.
        let rect = (onTop ? changedRectangle() : nil) ?? Rectangle(left: 0, top: 0, right: width, bottom: height)
        let transparent = countColors(in: rect, onTop: onTop) > 0
        let palette = GIFPalette(
            colors: histogram.colors, counts: histogram.pixelCounts, limit: transparent ? 255 : 256)
        histogram.assign(palette.entries)
        maxDeltaE = max(maxDeltaE, palette.maxDeltaE)
        maxChannelError = max(maxChannelError, palette.maxChannelError)
        let colors = palette.colors
        let transparentEntry = UInt8(truncatingIfNeeded: transparent ? colors.count : 0)
        reserve(rect.count)
        markCells(in: rect, onTop: onTop)
        chooseEntries(count: rect.count, colors: colors, transparentEntry: transparentEntry)
        showChangedPixels(in: rect, colors: colors)
        var candidates = [indices[..<rect.count]]
        if transparent && gifsicleCandidate(count: rect.count, colors: colors, transparentEntry: transparentEntry) {
            candidates.append(runIndices[..<rect.count])
        }
        try writeFrame(
            candidates, colors: colors, transparent: transparent ? transparentEntry : nil,
            at: rect, delay: delay)
        written = true
    }

    /// The histogram pass: counts the colours of the rectangle's changed pixels into `histogram` (run by run,
    /// so a flat area costs one count), since the colour table is made from them alone. Returns how many
    /// pixels are unchanged: when any are, the table keeps an entry for transparency.
    private mutating func countColors(in rect: Rectangle, onTop: Bool) -> Int {
        histogram.removeAll()
        let width = self.width
        let columns = rect.columns
        var unchanged = 0
        previous.withUnsafeBufferPointer { old in
            shown.withUnsafeBufferPointer { new in
                for y in rect.top..<rect.bottom {
                    var x = y * width + rect.left
                    let end = x + columns
                    while x < end {
                        let rgb = new[x]
                        if onTop && old[x] == rgb {
                            unchanged += 1
                            x += 1
                            continue
                        }
                        var run = x + 1
                        while run < end && new[run] == rgb && !(onTop && old[run] == rgb) { run += 1 }
                        histogram.add(rgb, times: Int32(truncatingIfNeeded: run - x))
                        x = run
                    }
                }
            }
        }
        return unchanged
    }

    /// Grows the rectangle's work arrays (cells and both candidates) to `count` pixels; they keep their room
    /// between frames, so a frame allocates only when it is larger than all before it.
    private mutating func reserve(_ count: Int) {
        guard indices.count < count else { return }
        indices = [UInt8](repeating: 0, count: count)
        runIndices = indices
        cells = [UInt32](repeating: 0, count: count)
    }

    /// Fills `cells` for the rectangle: a changed pixel as `forced` | its palette entry, an unchanged one as the
    /// colour the GIF shows there, so that the passes after it read one array instead of three.
    private mutating func markCells(in rect: Rectangle, onTop: Bool) {
        let width = self.width
        let lookup = histogram
        previous.withUnsafeBufferPointer { old in
            shown.withUnsafeBufferPointer { new in
                Self.markCells(
                    old: old, new: new, display: display, into: &cells, rect: rect, width: width,
                    onTop: onTop, lookup: lookup)
            }
        }
    }

    /// `markCells`' loop, given the two frames: the entry is looked up once per run of one colour.
    private static func markCells(
        old: UnsafeBufferPointer<UInt32>, new: UnsafeBufferPointer<UInt32>,
        display: [UInt32], into cells: inout [UInt32], rect: Rectangle, width: Int,
        onTop: Bool, lookup: ColorHistogram
    ) {
        display.withUnsafeBufferPointer { seen in
            cells.withUnsafeMutableBufferPointer { cell in
                var i = 0
                var last = UInt32.max
                var lastEntry: UInt8 = 0
                for y in rect.top..<rect.bottom {
                    let base = y * width + rect.left
                    for x in base..<(base + rect.columns) {
                        let rgb = new[x]
                        if onTop && old[x] == rgb {
                            cell[i] = seen[x]
                        } else {
                            if rgb != last {
                                last = rgb
                                lastEntry = lookup.entry(of: rgb)
                            }
                            cell[i] = forced | UInt32(truncatingIfNeeded: lastEntry)
                        }
                        i += 1
                    }
                }
            }
        }
    }

    /// Maps the rectangle's pixels to palette entries, into `indices`: the first candidate, the one that keeps
    /// LZW's runs going.
    private mutating func chooseEntries(count: Int, colors: [UInt32], transparentEntry: UInt8) {
        cells.withUnsafeBufferPointer { cell in
            indices.withUnsafeMutableBufferPointer { out in
                Self.chooseEntries(
                    cells: cell, into: out, count: count, colors: colors,
                    transparentEntry: transparentEntry)
            }
        }
    }

    /// `chooseEntries`' loop. A changed pixel is its entry. An unchanged one is the entry written last when that
    /// shows its colour, else transparent; and unchanged pixels just before a changed one join its run (are
    /// written as its entry) when they all show its colour, so that LZW codes one run, not two.
    private static func chooseEntries(
        cells cell: UnsafeBufferPointer<UInt32>,
        into out: UnsafeMutableBufferPointer<UInt8>, count: Int,
        colors: [UInt32], transparentEntry: UInt8
    ) {
        // The entry written last, and where the run of transparent pixels that ends the output began (-1: the
        // output does not end so).
        var written = transparentEntry
        var clearFrom = -1
        for i in 0..<count {
            let c = cell[i]
            if c & forced == 0 {
                // Unchanged: transparent, or the entry written last when it shows the same colour, whichever
                // continues the run LZW is coding.
                if written != transparentEntry && colors[Int(truncatingIfNeeded: written)] == c {
                    out[i] = written
                } else {
                    if written != transparentEntry { clearFrom = i }
                    out[i] = transparentEntry
                    written = transparentEntry
                }
                continue
            }
            let entry = UInt8(truncatingIfNeeded: c)
            if clearFrom >= 0 {
                // The unchanged pixels just before, if they all show this colour, join its run instead of being
                // transparent.
                let colour = colors[Int(truncatingIfNeeded: entry)]
                var k = clearFrom
                while k < i && cell[k] == colour { k += 1 }
                if k == i {
                    for j in clearFrom..<i { out[j] = entry }
                }
                clearFrom = -1
            }
            out[i] = entry
            written = entry
        }
    }

    /// Updates `display`, the colours the GIF shows now: each changed pixel of the rectangle shows its entry's
    /// colour (the next frame's unchanged pixels are matched against it).
    private mutating func showChangedPixels(in rect: Rectangle, colors: [UInt32]) {
        let width = self.width
        cells.withUnsafeBufferPointer { cell in
            display.withUnsafeMutableBufferPointer { seen in
                var i = 0
                for y in rect.top..<rect.bottom {
                    let base = y * width + rect.left
                    for x in base..<(base + rect.columns) {
                        let c = cell[i]
                        if c & Self.forced != 0 { seen[x] = colors[Int(truncatingIfNeeded: c & 0xFF)] }
                        i += 1
                    }
                }
            }
        }
    }

    /// gifsicle's transparency, the other candidate, into `runIndices`: a stretch of unchanged pixels is
    /// transparent when it shows two colours or more, and keeps its colour when it shows one (and the table has
    /// it). True when it differs from `indices`: it is coded only when it is another picture of the rectangle.
    private mutating func gifsicleCandidate(count: Int, colors: [UInt32], transparentEntry: UInt8) -> Bool {
        let lookup = histogram
        cells.withUnsafeBufferPointer { cell in
            runIndices.withUnsafeMutableBufferPointer { out in
                Self.gifsicleCandidate(
                    cells: cell, into: out, count: count, colors: colors,
                    transparentEntry: transparentEntry, lookup: lookup)
            }
        }
        return indices.withUnsafeBytes { first in
            runIndices.withUnsafeBytes { other in memcmp(first.baseAddress!, other.baseAddress!, count) != 0 }
        }
    }

    /// `gifsicleCandidate`'s loop: changed pixels keep their entry, each stretch of unchanged ones is filled whole.
    private static func gifsicleCandidate(
        cells cell: UnsafeBufferPointer<UInt32>,
        into out: UnsafeMutableBufferPointer<UInt8>, count: Int,
        colors: [UInt32], transparentEntry: UInt8, lookup: ColorHistogram
    ) {
        var i = 0
        while i < count {
            let c = cell[i]
            if c & forced != 0 {
                out[i] = UInt8(truncatingIfNeeded: c)
                i += 1
                continue
            }
            // The stretch i..<j of unchanged pixels, and how many runs of one colour it holds.
            var j = i + 1
            var runs = 1
            while j < count && cell[j] & forced == 0 {
                if cell[j] != cell[j - 1] { runs += 1 }
                j += 1
            }
            var fill = transparentEntry
            if runs == 1, let e = lookup.entryIfPresent(of: c), colors[Int(truncatingIfNeeded: e)] == c { fill = e }
            for k in i..<j { out[k] = fill }
            i = j
        }
    }

    /// Writes the frame: the colour table (and its transparent entry, last, when there is one), the rectangle,
    /// the delay and the smaller coding of the candidates.
    private mutating func writeFrame(
        _ candidates: [ArraySlice<UInt8>], colors: [UInt32], transparent: UInt8?,
        at rect: Rectangle, delay: Int
    ) throws(RasterError) {
        var table = colors
        if transparent != nil { table.append(0) }
        paletteEntries += table.count
        try encoder.putFrame(candidates, colors: table, transparent: transparent, at: rect, delay: delay)
    }

    /// The instant frame `n` starts, in whole centiseconds of playback (rounded, so delays carry the rest).
    private func centiseconds(at n: Int) -> Int { clampedInt((Double(n) * 100 / framesPerSecond).rounded()) }

    /// The GIF file around the frames: the header, the loop, and each frame's control, rectangle, colour table
    /// and LZW data, handed to the sink frame by frame.
    private final class Encoder {
        let sink: ByteSink
        let memory: MemorySink?
        let lzw = LZW()
        let disposal: UInt8
        var bytes: [UInt8] = []

        init(width: Int, height: Int, sink: ByteSink?, disposal: UInt8) throws(RasterError) {
            self.disposal = disposal
            memory = sink == nil ? MemorySink() : nil
            self.sink = sink ?? memory!
            bytes = Array("GIF89a".utf8)
            // The screen: no global colour table (each frame brings its own), 8 bits a channel.
            put16(width)
            put16(height)
            bytes += [0x70, 0, 0]
            // NETSCAPE2.0: loop forever.
            bytes += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]
            try flush()
        }

        func put16(_ value: Int) {
            bytes += [UInt8(truncatingIfNeeded: value & 0xFF), UInt8(truncatingIfNeeded: (value >> 8) & 0xFF)]
        }

        func flush() throws(RasterError) {
            var failure: RasterError?
            bytes.withUnsafeBytes { raw in
                do throws(RasterError) { try sink.write(raw) } catch { failure = error }
            }
            bytes.removeAll(keepingCapacity: true)
            if let failure { throw failure }
        }

        /// Writes the frame at `rect`: its control block, table and the smaller coding of `candidates` (each the
        /// rectangle's rows of entries of `colors`, one after another).
        func putFrame(
            _ candidates: [ArraySlice<UInt8>], colors: [UInt32], transparent: UInt8?, at rect: Rectangle,
            delay: Int
        ) throws(RasterError) {
            // Graphic control: the disposal (1: keep the frame in place), the transparent entry if any, the delay.
            bytes += [0x21, 0xF9, 4, (disposal & 7) << 2 | (transparent == nil ? 0 : 1)]
            put16(delay)
            bytes += [transparent ?? 0, 0]
            // Tables of 2, 4, … 256 entries.
            var bitsPerEntry = 1
            while 1 << bitsPerEntry < colors.count { bitsPerEntry += 1 }
            bytes.append(0x2C)
            put16(rect.left)
            put16(rect.top)
            put16(rect.columns)
            put16(rect.bottom - rect.top)
            bytes.append(0x80 | UInt8(truncatingIfNeeded: bitsPerEntry - 1))
            for c in colors {
                bytes += [
                    UInt8(truncatingIfNeeded: c >> 16), UInt8(truncatingIfNeeded: (c >> 8) & 0xFF),
                    UInt8(truncatingIfNeeded: c & 0xFF)
                ]
            }
            bytes += [UInt8](repeating: 0, count: 3 * ((1 << bitsPerEntry) - colors.count))
            let minCodeSize = max(2, bitsPerEntry)
            // Each candidate coded, keeping the full dictionary while it serves (see `LZW.Policy`); the smaller
            // is written.
            var data: [UInt8] = []
            for pixels in candidates {
                let coded = pixels.withUnsafeBufferPointer {
                    lzw.encode($0, minCodeSize: minCodeSize, policy: .keepWhileUseful)
                }
                if data.isEmpty || coded.count < data.count { data = coded }
            }
            bytes.append(UInt8(truncatingIfNeeded: minCodeSize))
            var at = 0
            while at < data.count {
                let n = min(255, data.count - at)
                bytes.append(UInt8(truncatingIfNeeded: n))
                bytes += data[at..<(at + n)]
                at += n
            }
            bytes.append(0)
            try flush()
        }

        /// Ends the file; the bytes when they were kept in memory.
        func close() throws(RasterError) -> [UInt8] {
            bytes.append(0x3B)
            try flush()
            return memory?.bytes ?? []
        }
    }
}
