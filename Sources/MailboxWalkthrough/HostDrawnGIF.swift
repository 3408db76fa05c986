import MailboxGIF
import MailboxScene
import MailboxSim
import MailboxText

/// A walkthrough's animated GIF whose frames a host draws (the page's canvas, in a browser) from the SVG this gives
/// for each, and which mailsim codes (`GIFWriter`): the same frames, delays, size and caption strip as the GIF
/// `mailsim record` draws with cairo (`WalkthroughMovie`), by the same rule: a frame whose screen draws as the frame
/// before's is drawn as its caption strip alone, the rest of the picture kept.
///
/// The host asks `drawing(ofFrame:)` for a frame, draws its SVG at its size onto an opaque white canvas (as cairo
/// draws a `Raster`), and gives the pixels back to `add(rgba:)`, frame after frame; after the last, `finish()` is
/// the file. A frame's drawing depends on the walkthrough alone, so a host may draw the next frames while the ones
/// before are being coded.
public struct HostDrawnGIF {
    /// What the host draws for one frame: an SVG picture of `width` × `height` pixels, put at pixel row `top`.
    public struct Drawing: Equatable, Sendable {
        public var svg: String
        public var top: Int
        public var width: Int
        public var height: Int
        /// True when only the caption strip is drawn (the screen is the frame before's).
        public var isStrip: Bool
    }

    public let walkthrough: Walkthrough
    public let scale: Int
    /// The GIF's size in pixels.
    public let width: Int
    public let height: Int
    /// The frame `add(rgba:)` takes next.
    public private(set) var next = 0
    private var writer: GIFWriter
    private var pixels: [UInt32]
    /// The pixel row the caption strip starts at, and its point row.
    private let stripTop: Int
    private let captionTop: Double
    private let bytes: CappedMemorySink

    /// A GIF of `walkthrough` at `scale` pixels a point, each frame shown 1 / (fps · speed) seconds; refused once it
    /// would be over `maxBytes`.
    public init(_ walkthrough: Walkthrough, scale: Int, speed: Double, maxBytes: Int = .max)
        throws(RasterError)
    {
        guard let first = walkthrough.frames.first else { throw RasterError("the walkthrough has no frames") }
        self.walkthrough = walkthrough
        self.scale = scale
        let whole = walkthrough.scene(0)
        let s = Double(scale)
        width = clampedInt((whole.width * s).rounded())
        height = clampedInt((whole.height * s).rounded())
        captionTop = Scene(screen: first.screen).height
        stripTop = clampedInt((captionTop * s).rounded())
        pixels = [UInt32](repeating: 0xFF_FFFF, count: width * height)
        bytes = CappedMemorySink(limit: maxBytes)
        writer = try GIFWriter(
            width: width, height: height,
            framesPerSecond: Double(walkthrough.clock.framesPerSecond) * speed, sink: bytes)
    }

    /// The frames in all.
    public var frameCount: Int { walkthrough.frames.count }

    /// What to draw for frame `k`: the whole frame, or its caption strip when its screen draws as frame k − 1's.
    public func drawing(ofFrame k: Int) -> Drawing {
        let frame = walkthrough.frames[k]
        let screen = Scene(screen: frame.screen)
        let whole = Scene(screen: frame.screen, caption: walkthrough.caption(frame))
        if k > 0, Scene(screen: walkthrough.frames[k - 1].screen) == screen {
            let strip = Scene(
                width: whole.width, height: whole.height, nodes: Array(whole.nodes[screen.nodes.count...]))
            return Drawing(
                svg: SVGWriter.picture(strip, scale: scale, from: captionTop), top: stripTop, width: width,
                height: height - stripTop, isStrip: true)
        }
        return Drawing(
            svg: SVGWriter.picture(whole, scale: scale), top: 0, width: width, height: height, isStrip: false)
    }

    /// Takes frame `next`'s drawing as the host drew it: `drawing(ofFrame: next)`'s width × height pixels, 4 bytes each (red, green,
    /// blue, alpha, as a canvas's `ImageData`), row by row; the alpha is not read (the canvas is opaque).
    public mutating func add(rgba: UnsafeRawBufferPointer) throws(RasterError) {
        guard next < frameCount else { throw RasterError("every frame has been added") }
        let drawing = drawing(ofFrame: next)
        guard rgba.count == drawing.width * drawing.height * 4 else {
            throw RasterError(
                "frame \(next): \(rgba.count) bytes of pixels, not \(drawing.width) × \(drawing.height) × 4")
        }
        let columns = drawing.width
        pixels.withUnsafeMutableBufferPointer { out in
            var at = 0
            for y in 0..<drawing.height {
                let row = (drawing.top + y) * columns
                for x in 0..<columns {
                    out[row + x] =
                        UInt32(truncatingIfNeeded: rgba[at]) << 16 | UInt32(truncatingIfNeeded: rgba[at + 1]) << 8
                        | UInt32(truncatingIfNeeded: rgba[at + 2])
                    at += 4
                }
            }
        }
        try writer.add(pixels: pixels)
        next += 1
    }

    /// The GIF file, once every frame has been added.
    public consuming func finish() throws(RasterError) -> [UInt8] {
        guard next == frameCount else { throw RasterError("frame \(next) of \(frameCount) has not been drawn") }
        _ = try writer.finish()
        return bytes.bytes
    }
}
