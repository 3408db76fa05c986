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
        let reading = StoryReading(summaries: summaries, width: placement?.pointWidth ?? 0)
        return GradeReport(
            frames: summaries.count, seconds: seconds, screen: placement, findings: reading.findings(),
            thresholds: reading.thresholds(), colours: reading.colours(), durations: reading.durations())
    }
}

extension FrameSummary: @unchecked Sendable {}

extension WalkthroughGrader {
    /// The drags followed and what became of them, a line each (for tuning the reading; not a rendering).
    func debugTracks() -> [String] {
        let reading = StoryReading(summaries: summaries, width: placement?.pointWidth ?? 0)
        return reading.outcomes.map { o in
            let path = zip(o.track.sightings, o.stages).map { s, st in
                "\(s.frame):\(s.band.offset)\(st.map { "\($0)" } ?? "?")[\(s.band.top)-\(s.band.bottom)]"
            }.joined(separator: " ")
            return "\(o.track.side) full=\(o.fullAt.map(String.init) ?? "-") rest=\(o.restAt.map(String.init) ?? "-") "
                + "cov=\(o.coveredAt.map(String.init) ?? "-") unc=\(o.uncoveredAt.map(String.init) ?? "-") "
                + "hid=\(o.hiddenAt.map(String.init) ?? "-") und=\(o.undoneAt.map(String.init) ?? "-") h=\(o.height) :: \(path)"
        }
    }
}

extension WalkthroughGrader {
    /// The frames whose top bar reads as covered (for tuning).
    func debugCovered() -> [Int] { StoryReading.coveredTopBar(summaries).sorted() }
}

extension WalkthroughGrader {
    /// Each frame's bands (for tuning).
    func debugBands(_ range: Range<Int>) -> [String] {
        range.filter { $0 < summaries.count }.map { i in
            "\(i): " + summaries[i].bands.map { "\($0.side) \($0.offset) \($0.colour.hex) [\($0.top)-\($0.bottom)]" }.joined(separator: "; ")
        }
    }
}

extension WalkthroughGrader {
    /// The feed comparison's numbers for frame `later` against `before` (for tuning).
    func debugFeed(_ later: Int, _ before: Int, top: Int, height: Int) -> String {
        let a = summaries[later]
        let b = summaries[before]
        let count = min(2 * height, b.height - top - height - 8)
        var parts: [String] = []
        var shift = height + 6
        while shift * 3 >= height {
            let from = top + max(0, height - shift)
            parts.append(
                "\(shift):\(FeedComparison.difference(a, b, top: from, shift: shift, count: count))/\(FeedComparison.difference(a, b, top: from, shift: 0, count: count))"
            )
            shift -= 8
        }
        return "\(later) vs \(before) share \(FeedComparison.coveredShare(a, b, above: top)): " + parts.joined(separator: " ")
    }
}
