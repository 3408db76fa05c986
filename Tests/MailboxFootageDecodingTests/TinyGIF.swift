/// GIFs written byte by byte for the tests, so that each field can be set to what a test needs, broken ones
/// included: the picture data is "uncompressed" LZW (every pixel its own code, a clear code every 250 codes, so the
/// codes stay 9 bits wide), which every decoder reads.
struct TinyGIF {
    /// One image: its rectangle, colour table (none: the global one), control and entries.
    struct Image {
        var left = 0, top = 0, width: Int, height: Int
        var colors: [UInt32]? = nil
        var disposal = 0
        var transparent: Int? = nil
        /// Centiseconds; nil writes no graphic control at all.
        var delay: Int? = 10
        var interlaced = false
        /// The entries, row by row (stored in interlaced order when `interlaced`), and any more written after them.
        var entries: [UInt8]
        var extra: [UInt8] = []
    }

    var width: Int
    var height: Int
    var colors: [UInt32]? = nil
    var background = 0
    var images: [Image] = []
    var version = "GIF89a"

    var bytes: [UInt8] {
        var out = Array(version.utf8)
        put16(&out, width)
        put16(&out, height)
        if let colors {
            out += [0x80 | 0x70 | UInt8(bits(colors.count) - 1), UInt8(background), 0]
            table(&out, colors)
        } else {
            out += [0x70, UInt8(background), 0]
        }
        for image in images {
            if let delay = image.delay {
                let flags = UInt8((image.disposal & 7) << 2 | (image.transparent == nil ? 0 : 1))
                out += [0x21, 0xF9, 4, flags]
                put16(&out, delay)
                out += [UInt8(image.transparent ?? 0), 0]
            }
            out.append(0x2C)
            put16(&out, image.left)
            put16(&out, image.top)
            put16(&out, image.width)
            put16(&out, image.height)
            var flags: UInt8 = image.interlaced ? 0x40 : 0
            if let colors = image.colors { flags |= 0x80 | UInt8(bits(colors.count) - 1) }
            out.append(flags)
            if let colors = image.colors { table(&out, colors) }
            var rows = image.entries
            if image.interlaced {
                rows = []
                for (first, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                    for y in stride(from: first, to: image.height, by: step) {
                        rows += image.entries[(y * image.width)..<((y + 1) * image.width)]
                    }
                }
            }
            out += Self.lzw(rows + image.extra)
        }
        out.append(0x3B)
        return out
    }

    private func bits(_ count: Int) -> Int {
        var n = 1
        while 1 << n < count { n += 1 }
        return n
    }

    private func table(_ out: inout [UInt8], _ colors: [UInt32]) {
        let size = 1 << bits(colors.count)
        for i in 0..<size {
            let c = i < colors.count ? colors[i] : 0
            out += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
    }

    private func put16(_ out: inout [UInt8], _ value: Int) {
        out += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]
    }

    /// The entries as LZW with a minimum code size of 8, in sub-blocks.
    static func lzw(_ entries: [UInt8]) -> [UInt8] {
        var codes: [Int] = [256]
        for (n, entry) in entries.enumerated() {
            if n > 0 && n % 250 == 0 { codes.append(256) }
            codes.append(Int(entry))
        }
        codes.append(257)
        var data: [UInt8] = []
        var buffer = 0
        var count = 0
        for code in codes {
            buffer |= code << count
            count += 9
            while count >= 8 {
                data.append(UInt8(buffer & 0xFF))
                buffer >>= 8
                count -= 8
            }
        }
        if count > 0 { data.append(UInt8(buffer & 0xFF)) }
        var out: [UInt8] = [8]
        var at = 0
        while at < data.count {
            let n = min(255, data.count - at)
            out.append(UInt8(n))
            out += data[at..<(at + n)]
            at += n
        }
        out.append(0)
        return out
    }
}

/// What a GIF's blocks say, walked without decoding: each image's disposal, rectangle and whether it has its own
/// colour table (the tests of LICEcap's writer check its form with it).
struct GIFLayout {
    struct Image {
        var disposal: Int
        var left: Int, top: Int, width: Int, height: Int
        var localTable: Bool
    }

    var width = 0
    var height = 0
    var images: [Image] = []

    init(_ bytes: [UInt8]) {
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func skipBlocks(_ at: inout Int) {
            while bytes[at] != 0 { at += Int(bytes[at]) + 1 }
            at += 1
        }
        width = u16(6)
        height = u16(8)
        var at = 13
        if bytes[10] & 0x80 != 0 { at += 3 << (Int(bytes[10] & 7) + 1) }
        var disposal = 0
        while at < bytes.count {
            switch bytes[at] {
            case 0x21:
                if bytes[at + 1] == 0xF9 { disposal = Int(bytes[at + 3] >> 2 & 7) }
                at += 2
                skipBlocks(&at)
            case 0x2C:
                let flags = bytes[at + 9]
                images.append(
                    Image(
                        disposal: disposal, left: u16(at + 1), top: u16(at + 3), width: u16(at + 5),
                        height: u16(at + 7), localTable: flags & 0x80 != 0))
                at += 10
                if flags & 0x80 != 0 { at += 3 << (Int(flags & 7) + 1) }
                at += 1
                skipBlocks(&at)
                disposal = 0
            default:
                return
            }
        }
    }
}
