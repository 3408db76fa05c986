import MailboxGIF
import MailboxRaster
import MailboxScene
import MailboxSim
import MailboxWalkthrough

/// A walkthrough drawn frame by frame as the script plays and coded as it goes, into an animated GIF or WebP or a
/// video: nothing but the frame before is kept, so memory stays flat however long the walkthrough. Frames whose
/// screens draw the same (the rule of `frameRuns`) draw the screen once: the next ones redraw only the caption
/// strip (the line and the instant).
public final class WalkthroughMovie: WalkthroughFrameSink {
    public enum Format: String, CaseIterable, Sendable {
        case gif, webp, mp4, webm
    }

    public let format: Format
    private let scale: Double
    /// Frames shown per second of playback (fps × speed).
    private let framesPerSecond: Double
    private let sink: ByteSink?
    private let fd: Int32?
    private var gif: GIFWriter?
    private var webp: WebPWriter?
    private var video: VideoWriter?
    private var pixels: [UInt32] = []
    private var screen: Scene?
    public private(set) var frames = 0

    /// Coded into `sink` (GIF and WebP) or written to the descriptor `fd` (any format; a video needs one, for
    /// its container).
    public init(_ format: Format, scale: Int, speed: Double, clock: FrameClock, sink: ByteSink) {
        precondition(format == .gif || format == .webp, "a video is written to a file descriptor")
        self.format = format
        self.scale = Double(scale)
        framesPerSecond = Double(clock.framesPerSecond) * speed
        self.sink = sink
        fd = nil
    }

    public init(_ format: Format, scale: Int, speed: Double, clock: FrameClock, fd: Int32) {
        self.format = format
        self.scale = Double(scale)
        framesPerSecond = Double(clock.framesPerSecond) * speed
        sink = format == .gif || format == .webp ? FileDescriptorSink(fd: fd) : nil
        self.fd = fd
    }

    public func add(_ frame: WalkthroughFrame, caption: Caption) throws(RasterError) {
        let drawn = Scene(screen: frame.screen)
        if let screen, screen == drawn, !pixels.isEmpty {
            let captionTop = drawn.height
            let strip = try Raster(Scene(screen: frame.screen, caption: caption), scale: scale, from: captionTop)
            strip.copy(into: &pixels, atRow: Int((captionTop * scale).rounded()))
        } else {
            let raster = try Raster(Scene(screen: frame.screen, caption: caption), scale: scale)
            if pixels.isEmpty { try start(width: raster.width, height: raster.height) }
            raster.copy(into: &pixels)
            screen = drawn
        }
        try gif?.add(pixels: pixels)
        try webp?.add(pixels: pixels)
        try video?.add(pixels: pixels)
        frames += 1
    }

    private func start(width: Int, height: Int) throws(RasterError) {
        pixels = [UInt32](repeating: 0, count: width * height)
        switch format {
        case .gif: gif = try GIFWriter(width: width, height: height, framesPerSecond: framesPerSecond, sink: sink)
        case .webp: webp = try WebPWriter(width: width, height: height, framesPerSecond: framesPerSecond)
        case .mp4, .webm:
            video = try VideoWriter(
                format == .mp4 ? .mp4 : .webm, width: width, height: height,
                framesPerSecond: framesPerSecond, fd: fd!)
        }
    }

    /// Writes the end of the file (all of it for WebP, whose encoder assembles the file at the end).
    public func finish() throws(RasterError) {
        guard frames > 0 else { throw RasterError("the walkthrough has no frames") }
        if let gif {
            self.gif = nil
            _ = try gif.finish()
        }
        try webp?.finish(to: sink!)
        try video?.finish()
    }
}
