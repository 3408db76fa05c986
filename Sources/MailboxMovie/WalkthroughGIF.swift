import MailboxGIF
import MailboxRaster
import MailboxScene
import MailboxSim
import MailboxWalkthrough

/// A walkthrough as an animated GIF that loops, in memory: each frame drawn by cairo at `scale`, each shown
/// 1 / (fps · speed) seconds. The frames go through `WalkthroughMovie`, the streaming path `mailsim record`
/// writes files with (a run of equal screens is drawn once; its frames redraw only the caption strip).
public enum WalkthroughGIF {
    public static func encode(_ walkthrough: Walkthrough, scale: Int, speed: Double) throws(RasterError) -> [UInt8] {
        guard !walkthrough.frames.isEmpty else { throw RasterError("the walkthrough has no frames") }
        let sink = MemorySink()
        let movie = WalkthroughMovie(.gif, scale: scale, speed: speed, clock: walkthrough.clock, sink: sink)
        for frame in walkthrough.frames { try movie.add(frame, caption: walkthrough.caption(frame)) }
        try movie.finish()
        return sink.bytes
    }
}
