/// One frame of a walkthrough as a viewer sees it: the whole picture's pixels, composed (a GIF's partial rectangles
/// and disposal applied, a video's frame converted), and when it is shown.
public struct FootageFrame: Sendable {
    /// Its place in the walkthrough, from 0.
    public var index: Int
    /// When it is first shown, in seconds from the start.
    public var start: Double
    /// How long it is shown, in seconds (a GIF's delay; a video's frame interval).
    public var duration: Double
    /// The picture's width and height in pixels (the same for every frame of a walkthrough).
    public var width: Int
    public var height: Int
    /// Row by row from the top, each pixel 0xRRGGBB (transparency already composed over the picture's background).
    public var pixels: [UInt32]

    public init(index: Int, start: Double, duration: Double, width: Int, height: Int, pixels: [UInt32]) {
        self.index = index
        self.start = start
        self.duration = duration
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel at column `x`, row `y` (both within the picture).
    @inlinable public func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y &* width &+ x] }
}
