/// What a whole walkthrough was, once read: its format, its frame count, its length and its picture's size.
public struct FootageSummary: Sendable, Equatable {
    /// The kind of file it was read from.
    public var format: FootageFormat
    /// How many frames were read (each handed to the reader's caller once).
    public var frames: Int
    /// Its length in seconds: the last frame's start plus its duration.
    public var seconds: Double
    /// The picture's width and height in pixels.
    public var width: Int
    public var height: Int

    public init(format: FootageFormat, frames: Int, seconds: Double, width: Int, height: Int) {
        self.format = format
        self.frames = frames
        self.seconds = seconds
        self.width = width
        self.height = height
    }
}
