/// The picture a GIF shows, composed as browsers compose it: each frame's rectangle drawn over what the frame
/// before left (its transparent entry leaves a pixel as it was), then that rectangle disposed of as its control
/// says before the next frame: 0 or 1 (and the undefined 4–7) keep it, 2 clears it to the background, 3 puts back
/// what was there before it was drawn. Parts of a rectangle outside the screen are not drawn.
struct GIFCanvas {
    /// The part of the screen a frame covers, clipped to the screen: columns left..<right, rows top..<bottom.
    struct Area {
        var left = 0, top = 0, right = 0, bottom = 0
        var count: Int { (right - left) * (bottom - top) }
    }

    let width: Int
    let height: Int
    /// The colour a cleared pixel shows (the GIF's background colour, else white).
    let background: UInt32
    private(set) var pixels: [UInt32]
    /// The area of the frame drawn last, and how it is to be disposed of.
    private var last = Area()
    private var lastDisposal = 0
    /// What the last frame's area showed before it was drawn, for disposal 3.
    private var saved: [UInt32] = []

    init(width: Int, height: Int, background: UInt32) {
        self.width = width
        self.height = height
        self.background = background
        pixels = [UInt32](repeating: background, count: width * height)
    }

    /// The screen's part of a rectangle at `left`, `top` of `columns` × `rows`.
    func area(left: Int, top: Int, columns: Int, rows: Int) -> Area {
        Area(
            left: min(left, width), top: min(top, height), right: min(left + columns, width),
            bottom: min(top + rows, height))
    }

    /// Disposes of the frame before and starts a frame over `area`, to be disposed of by `disposal`.
    mutating func begin(_ area: Area, disposal: Int) {
        switch lastDisposal {
        case 2: fill(last, with: background)
        case 3: restore(last)
        default: break
        }
        last = area
        lastDisposal = disposal
        saved.removeAll(keepingCapacity: true)
        if disposal == 3 {
            for y in area.top..<area.bottom {
                saved.append(contentsOf: pixels[(y * width + area.left)..<(y * width + area.right)])
            }
        }
    }

    /// Draws the rectangle's row `row` (from its top) at `left`, `top`: each entry's colour from `colors`, the
    /// `transparent` entry and entries past the table's end leaving the pixel as it was.
    mutating func draw(
        row: Int, entries: UnsafeBufferPointer<UInt8>, left: Int, top: Int, colors: [UInt32], transparent: Int
    ) {
        let y = top + row
        guard y < height, left < width else { return }
        let end = min(entries.count, width - left)
        let base = y * width + left
        colors.withUnsafeBufferPointer { colors in
            pixels.withUnsafeMutableBufferPointer { pixels in
                for x in 0..<end {
                    let entry = Int(entries[x])
                    if entry != transparent && entry < colors.count { pixels[base + x] = colors[entry] }
                }
            }
        }
    }

    private mutating func fill(_ area: Area, with color: UInt32) {
        for y in area.top..<area.bottom {
            for x in area.left..<area.right { pixels[y * width + x] = color }
        }
    }

    private mutating func restore(_ area: Area) {
        let columns = area.right - area.left
        guard columns > 0 else { return }
        for (row, y) in (area.top..<area.bottom).enumerated() {
            pixels.replaceSubrange(
                (y * width + area.left)..<(y * width + area.right),
                with: saved[(row * columns)..<(row * columns + columns)])
        }
    }
}
