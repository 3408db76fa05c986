import MailboxFootage

/// Where the pointer is in one frame, and whether its button is down (LICEcap's click ring shows then).
public struct CursorPlacement: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var pressed: Bool

    public init(x: Int, y: Int, pressed: Bool = false) {
        self.x = x
        self.y = y
        self.pressed = pressed
    }
}

extension [FootageFrame] {
    /// The macOS arrow cursor, its tip at each frame's placement (nil: no cursor in that frame), drawn over the
    /// frames as a screen recorder captures it; with `clickRing`, LICEcap's ring around the tip while pressed.
    public func withCursor(
        clickRing: Bool = false, ringColor: UInt32 = 0x000000, at place: (FootageFrame) -> CursorPlacement?
    ) -> [FootageFrame] {
        map { frame in
            guard let spot = place(frame) else { return frame }
            var frame = frame
            if clickRing && spot.pressed { drawRing(&frame, x: spot.x, y: spot.y, color: ringColor) }
            for (row, line) in arrow.enumerated() {
                for (column, cell) in line.utf8.enumerated() {
                    let x = spot.x + column
                    let y = spot.y + row
                    guard x >= 0, y >= 0, x < frame.width, y < frame.height else { continue }
                    if cell == UInt8(ascii: "B") { frame.pixels[y * frame.width + x] = 0x000000 }
                    if cell == UInt8(ascii: "W") { frame.pixels[y * frame.width + x] = 0xFFFFFF }
                }
            }
            return frame
        }
    }
}

/// The arrow, 12 × 19 pixels, its tip at the top left: B black outline, W white fill, . not drawn.
private let arrow = [
    "B...........", "BB..........", "BWB.........", "BWWB........", "BWWWB.......", "BWWWWB......",
    "BWWWWWB.....", "BWWWWWWB....", "BWWWWWWWB...", "BWWWWWWWWB..", "BWWWWWWWWWB.", "BWWWWWWBBBBB",
    "BWWWBWWB....", "BWWB.BWWB...", "BWB..BWWB...", "BB....BWWB..", "B.....BWWB..", ".......BWB..",
    ".......BB..."
]

/// A ring 2 pixels wide, radius 10 to 12, centred on (x, y).
private func drawRing(_ frame: inout FootageFrame, x cx: Int, y cy: Int, color: UInt32) {
    for y in (cy - 12)...(cy + 12) where y >= 0 && y < frame.height {
        for x in (cx - 12)...(cx + 12) where x >= 0 && x < frame.width {
            let d = (x - cx) * (x - cx) + (y - cy) * (y - cy)
            if d >= 100 && d <= 144 { frame.pixels[y * frame.width + x] = color }
        }
    }
}
