import MailboxRaster
import MailboxScene
import MailboxSim

/// A walkthrough as an animated GIF that loops: each frame drawn by cairo at `scale`, each shown
/// 1 / (fps · speed) seconds. Frames are taken by runs of equal screens (`frameRuns`, the rule the HTML
/// player follows too): a run's screen is drawn once, and each of its frames only redraws the caption strip
/// (the line and the instant).
public enum WalkthroughGIF {
    public static func encode(_ walkthrough: Walkthrough, scale: Int, speed: Double) throws(RasterError) -> [UInt8] {
        guard !walkthrough.frames.isEmpty else { throw RasterError("the walkthrough has no frames") }
        var writer: GIFWriter?
        var pixels: [UInt32] = []
        let scale = Double(scale)
        for run in walkthrough.frameRuns {
            let raster = try Raster(walkthrough.scene(run.first), scale: scale)
            if writer == nil {
                writer = try GIFWriter(width: raster.width, height: raster.height,
                                       framesPerSecond: Double(walkthrough.clock.framesPerSecond) * speed)
                pixels = [UInt32](repeating: 0, count: raster.width * raster.height)
            }
            raster.copy(into: &pixels)
            try writer!.add(pixels: pixels)
            guard run.count > 1 else { continue }
            let captionTop = Scene(screen: walkthrough.frames[run.first].screen).height
            for k in run.frames.dropFirst() {
                let strip = try Raster(walkthrough.scene(k), scale: scale, from: captionTop)
                strip.copy(into: &pixels, atRow: Int((captionTop * scale).rounded()))
                try writer!.add(pixels: pixels)
            }
        }
        return try writer!.finish()
    }
}
