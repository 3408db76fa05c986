import MailboxFootage

/// Reads a walkthrough frame by frame and says which stories it shows: give it every frame in order (`add`), then
/// ask for the `report`. It keeps a few kilobytes a frame, never the pixels.
public struct WalkthroughGrader: Sendable {
    private var placement: ScreenPlacement?
    private var summaries: [FrameSummary] = []
    private var seconds = 0.0

    public init() {}

    /// Reads one frame (frames must come in order, each the whole picture, all of one size).
    public mutating func add(_ frame: FootageFrame) {
        let placement = self.placement ?? ScreenPlacement.find(in: frame)
        self.placement = placement
        let points = PointFrame(frame, placement)
        summaries.append(
            FrameSummary(index: frame.index, start: frame.start, duration: frame.duration, frame: points))
        seconds = max(seconds, frame.start + frame.duration)
    }

    /// The verdicts and measures of the frames read so far.
    public func report() -> GradeReport {
        let reading = StoryReading(summaries: summaries, placement: placement)
        return GradeReport(
            frames: summaries.count, seconds: seconds, screen: placement, findings: reading.findings(),
            thresholds: reading.thresholds(), colours: reading.colours(), durations: reading.durations())
    }
}
