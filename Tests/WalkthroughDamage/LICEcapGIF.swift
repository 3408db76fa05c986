import MailboxFootage
import MailboxGIF

/// Frames written as LICEcap writes an animated GIF: each frame a partial rectangle of what changed (its unchanged
/// pixels transparent), a local colour table a frame, disposal 0 (unspecified), delays in whole centiseconds.
/// mailsim's own `GIFWriter` codes it; like LICEcap, a frame equal to the one before lengthens it.
public enum LICEcapGIF {
    /// The GIF of `frames` (all of one size). Each frame's delay is the centiseconds from its start to its end,
    /// both rounded, so the delays add up to the whole.
    public static func encode(_ frames: [FootageFrame]) throws(RasterError) -> [UInt8] {
        guard let first = frames.first else { return [] }
        var writer = try GIFWriter(width: first.width, height: first.height, framesPerSecond: 100, disposal: 0)
        var start = 0.0
        for frame in frames {
            let end = start + frame.duration
            let repeats = Int((end * 100).rounded()) - Int((start * 100).rounded())
            start = end
            guard repeats > 0 else { continue }
            try writer.add(pixels: frame.pixels, repeats: repeats)
        }
        return try writer.finish()
    }
}
