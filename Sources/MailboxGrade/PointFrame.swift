import MailboxFootage

/// A frame's screen at one pixel a point: the picture's pixels inside the screen, each block of scale × scale
/// averaged. The reading works on these, whatever the recording's scale.
struct PointFrame {
    let width: Int
    let height: Int
    var pixels: [UInt32]

    init(_ frame: FootageFrame, _ placement: ScreenPlacement) {
        let s = placement.scale
        width = min(placement.width, frame.width - placement.x) / s
        height = min(placement.height, frame.height - placement.y) / s
        pixels = [UInt32](repeating: 0, count: max(0, width * height))
        if s == 1 {
            for y in 0..<height {
                let from = (placement.y + y) * frame.width + placement.x
                for x in 0..<width { pixels[y * width + x] = frame.pixels[from + x] }
            }
            return
        }
        let area = s * s
        for y in 0..<height {
            for x in 0..<width {
                var r = 0
                var g = 0
                var b = 0
                for dy in 0..<s {
                    let row = (placement.y + y * s + dy) * frame.width + placement.x + x * s
                    for dx in 0..<s {
                        let p = frame.pixels[row + dx]
                        r += Int(truncatingIfNeeded: (p >> 16) & 0xFF)
                        g += Int(truncatingIfNeeded: (p >> 8) & 0xFF)
                        b += Int(truncatingIfNeeded: p & 0xFF)
                    }
                }
                let rgb = (r / area) << 16 | (g / area) << 8 | (b / area)
                pixels[y * width + x] = UInt32(truncatingIfNeeded: rgb)
            }
        }
    }

    @inline(__always) func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y &* width &+ x] }
}
