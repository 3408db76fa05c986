import CGIF
import MailboxFootage

/// A GIF read through giflib, a frame at a time: each frame's rectangle decoded a line at a time into a row
/// buffer and composed on one canvas (`GIFCanvas`), which is handed on as a whole frame. Every size is checked
/// against the limits before anything is allocated for it.
enum GIFDecoder {
    static func read(
        _ source: FootageSource, limits: FootageLimits, each: (FootageFrame) throws(FootageError) -> Void
    ) throws(FootageError) -> FootageSummary {
        let gif = try GIFLibrary.load()
        _ = source.seek(to: 0)
        var status: Int32 = 0
        let input: GIFLibrary.Input = { file, buffer, count in
            guard let file, let buffer, count > 0, let user = file.pointee.UserData else { return 0 }
            let source = Unmanaged<FootageSource>.fromOpaque(user).takeUnretainedValue()
            return Int32(max(0, source.read(into: buffer, count: Int(count))))
        }
        guard let file = gif.open(Unmanaged.passUnretained(source).toOpaque(), input, &status) else {
            throw problem(status, source: source, gif: gif, place: "in its header")
        }
        defer { _ = gif.close(file, &status) }
        return try withExtendedLifetime(source) { () throws(FootageError) -> FootageSummary in
            var reading = Reading(gif: gif, file: file, source: source, limits: limits)
            return try reading.run(each)
        }
    }

    /// giflib's error `code` met `place` ("in frame 3"), in words.
    static func problem(_ code: Int32, source: FootageSource, gif: GIFLibrary, place: String) -> FootageError {
        switch code {
        case D_GIF_ERR_READ_FAILED:
            return FootageError("the GIF stops \(place): \(source.shortfall)")
        case D_GIF_ERR_NOT_GIF_FILE:
            return FootageError("this is not a GIF; \(FootageFormat.readable)")
        case D_GIF_ERR_EOF_TOO_SOON, D_GIF_ERR_IMAGE_DEFECT, D_GIF_ERR_DATA_TOO_BIG:
            return FootageError("the GIF's picture data is damaged \(place) (giflib: \(gif.message(code)))")
        default:
            return FootageError("the GIF cannot be read \(place) (giflib: \(gif.message(code)))")
        }
    }

    /// One reading's state: the canvas, the frame count and the time so far.
    private struct Reading {
        let gif: GIFLibrary
        let file: GIFLibrary.File
        let source: FootageSource
        let limits: FootageLimits
        var frames = 0
        /// The time so far, in centiseconds.
        var elapsed: Int64 = 0
        /// The graphic control before the next image: its disposal, transparent entry (-1: none) and delay.
        var disposal = 0
        var transparent = -1
        var delay = 0

        init(gif: GIFLibrary, file: GIFLibrary.File, source: FootageSource, limits: FootageLimits) {
            self.gif = gif
            self.file = file
            self.source = source
            self.limits = limits
        }

        mutating func run(_ each: (FootageFrame) throws(FootageError) -> Void) throws(FootageError) -> FootageSummary {
            let width = Int(file.pointee.SWidth)
            let height = Int(file.pointee.SHeight)
            if let problem = limits.pictureProblem(width: width, height: height) { throw problem }
            let global = colors(file.pointee.SColorMap)
            let backgroundEntry = Int(file.pointee.SBackGroundColor)
            var canvas = GIFCanvas(
                width: width, height: height,
                background: backgroundEntry < global.count ? global[backgroundEntry] : 0xFFFFFF)
            var row: [UInt8] = []
            while true {
                var record = UNDEFINED_RECORD_TYPE
                try check(gif.recordType(file, &record), "after frame \(frames)")
                switch record {
                case EXTENSION_RECORD_TYPE:
                    try readExtension()
                case IMAGE_DESC_RECORD_TYPE:
                    try readImage(&canvas, row: &row, each)
                case TERMINATE_RECORD_TYPE:
                    guard frames > 0 else { throw FootageError("the GIF has no frames") }
                    return FootageSummary(
                        format: .gif, frames: frames, seconds: Double(elapsed) / 100, width: width, height: height)
                default:
                    throw FootageError("the GIF has a block of an unknown kind after frame \(frames)")
                }
            }
        }

        private func check(_ result: Int32, _ place: String) throws(FootageError) {
            guard result == GIF_ERROR else { return }
            throw problem(file.pointee.Error, source: source, gif: gif, place: place)
        }

        /// A colour table's entries as 0xRRGGBB (none when there is no table).
        private func colors(_ map: UnsafeMutablePointer<ColorMapObject>?) -> [UInt32] {
            guard let map, let entries = map.pointee.Colors else { return [] }
            let count = max(0, min(256, Int(map.pointee.ColorCount)))
            return (0..<count).map { i in
                UInt32(entries[i].Red) << 16 | UInt32(entries[i].Green) << 8 | UInt32(entries[i].Blue)
            }
        }

        /// An extension: a graphic control sets the next image's disposal, transparency and delay; the others
        /// (comments, the loop count, application data) are skipped block by block.
        private mutating func readExtension() throws(FootageError) {
            var code: Int32 = 0
            var block: UnsafeMutablePointer<GifByteType>?
            let place = "after frame \(frames)"
            try check(gif.extensionFirst(file, &code, &block), place)
            if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                let flags = Int(block[1])
                disposal = (flags >> 2) & 7
                transparent = flags & 1 == 1 ? Int(block[4]) : -1
                delay = Int(block[2]) | Int(block[3]) << 8
            }
            while block != nil { try check(gif.extensionNext(file, &block), place) }
        }

        /// An image: its rectangle checked, decoded line by line onto the canvas, and the frame handed on.
        private mutating func readImage(
            _ canvas: inout GIFCanvas, row: inout [UInt8], _ each: (FootageFrame) throws(FootageError) -> Void
        ) throws(FootageError) {
            let place = "in frame \(frames + 1)"
            if let problem = limits.frameProblem(index: frames) { throw problem }
            try check(gif.imageHeader(file), place)
            let image = file.pointee.Image
            let left = Int(image.Left)
            let top = Int(image.Top)
            let columns = Int(image.Width)
            let rows = Int(image.Height)
            if let problem = limits.pictureProblem(width: columns, height: rows, frame: frames) { throw problem }
            let table = image.ColorMap != nil ? colors(image.ColorMap) : colors(file.pointee.SColorMap)
            guard !table.isEmpty else { throw FootageError("frame \(frames + 1) has no colour table") }
            canvas.begin(canvas.area(left: left, top: top, columns: columns, rows: rows), disposal: disposal)
            if row.count < columns { row = [UInt8](repeating: 0, count: columns) }
            for pass in Self.passes(interlaced: image.Interlace) {
                for y in stride(from: pass.first, to: rows, by: pass.step) {
                    let result = row.withUnsafeMutableBufferPointer { gif.line(file, $0.baseAddress, Int32(columns)) }
                    try check(result, place)
                    row.withUnsafeBufferPointer { line in
                        canvas.draw(
                            row: y, entries: UnsafeBufferPointer(rebasing: line[0..<columns]), left: left, top: top,
                            colors: table, transparent: transparent)
                    }
                }
            }
            let centiseconds = GIFDelay.shown(centiseconds: delay)
            let start = elapsed
            elapsed += Int64(centiseconds)
            if let problem = limits.lengthProblem(end: Double(elapsed) / 100) { throw problem }
            try each(
                FootageFrame(
                    index: frames, start: Double(start) / 100, duration: Double(centiseconds) / 100,
                    width: canvas.width, height: canvas.height, pixels: canvas.pixels))
            frames += 1
            disposal = 0
            transparent = -1
            delay = 0
        }

        /// The order a GIF stores its rows in: top to bottom, or interlaced in four passes (every 8th row from 0,
        /// every 8th from 4, every 4th from 2, every 2nd from 1).
        static func passes(interlaced: Bool) -> [(first: Int, step: Int)] {
            interlaced ? [(0, 8), (4, 8), (2, 4), (1, 2)] : [(0, 1)]
        }
    }
}
