import MailboxRaster
import MailboxScene
import MailboxSim

/// A walkthrough as an animated GIF that loops: each frame drawn by cairo at `scale`, runs of equal frames
/// drawn once, each frame shown 1 / (fps · speed) seconds.
public enum WalkthroughGIF {
    public static func encode(_ walkthrough: Walkthrough, scale: Int, speed: Double) throws(RasterError) -> [UInt8] {
        guard !walkthrough.frames.isEmpty else { throw RasterError("the walkthrough has no frames") }
        var writer: GIFWriter?
        var held: (scene: Scene, count: Int)?
        func draw(_ scene: Scene, _ count: Int) throws(RasterError) {
            let raster = try Raster(scene, scale: Double(scale))
            if writer == nil {
                writer = try GIFWriter(width: raster.width, height: raster.height,
                                       framesPerSecond: Double(walkthrough.clock.framesPerSecond) * speed)
            }
            try writer!.add(raster, repeats: count)
        }
        for k in walkthrough.frames.indices {
            let scene = walkthrough.scene(k)
            if let current = held, current.scene == scene {
                held!.count += 1
                continue
            }
            if let current = held { try draw(current.scene, current.count) }
            held = (scene, 1)
        }
        if let current = held { try draw(current.scene, current.count) }
        return try writer!.finish()
    }
}
