/// What a walkthrough may be before it is refused unread: the bounds on its size that keep a reading's memory and
/// time bounded whatever the bytes say (docs/grade.md, "Bounds").
public struct FootageLimits: Sendable, Equatable {
    /// The largest file read, in bytes.
    public var fileBytes: Int
    /// The widest and tallest picture, in pixels.
    public var side: Int
    /// The most pixels a picture may have (width × height): a phone's screen recorded at full resolution fits.
    public var pixels: Int
    /// The most frames.
    public var frames: Int
    /// The longest walkthrough, in seconds.
    public var seconds: Double

    public init(fileBytes: Int, side: Int, pixels: Int, frames: Int, seconds: Double) {
        self.fileBytes = fileBytes
        self.side = side
        self.pixels = pixels
        self.frames = frames
        self.seconds = seconds
    }

    /// mailsim grade's bounds: 256 MiB, 4,096 px a side, 4,194,304 px a picture (a 1,179 × 2,556 phone recording
    /// is 3.0 M), 20,000 frames, 30 minutes.
    public static let standard = FootageLimits(
        fileBytes: 256 << 20, side: 4_096, pixels: 4_194_304, frames: 20_000, seconds: 1_800)
}
