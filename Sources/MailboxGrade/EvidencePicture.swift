import MailboxFootage
import MailboxGIF

/// One frame of a walkthrough kept for the report page: its screen at one pixel a point, coded as a GIF.
public struct EvidencePicture: Sendable, Equatable {
    /// The frame's place from 0 and its time in seconds.
    public var index: Int
    public var time: Double
    /// Its size in points (= pixels).
    public var width: Int
    public var height: Int
    /// The picture as a one-frame GIF.
    public var gif: [UInt8]

    /// The screen of `frame` (placed by `placement`), at one pixel a point: a few kilobytes however large the
    /// recording, so a report's pictures stay small.
    public init(_ frame: FootageFrame, placement: ScreenPlacement) throws(RasterError) {
        let points = PointFrame(frame, placement)
        index = frame.index
        time = frame.start
        width = points.width
        height = points.height
        var writer = try GIFWriter(width: max(1, width), height: max(1, height), framesPerSecond: 1)
        try writer.add(pixels: points.pixels.isEmpty ? [0] : points.pixels)
        gif = try writer.finish()
    }

    /// The frames a report's page shows: each finding's frame and the frames on either side of it.
    public static func framesNeeded(_ report: GradeReport) -> Set<Int> {
        var frames = Set<Int>()
        for finding in report.findings {
            guard let frame = finding.frame else { continue }
            for f in (frame - 1)...(frame + 1) where f >= 0 && f < report.frames { frames.insert(f) }
        }
        return frames
    }
}
