/// What the frames say of one story: seen, not seen, or that they cannot tell.
public enum Verdict: String, Sendable, Equatable {
    case seen
    case notSeen = "not seen"
    case unsure
}

/// One story's verdict, with the frame that decides it and what was measured there.
public struct StoryFinding: Sendable, Equatable {
    public var story: Story
    public var verdict: Verdict
    /// The evidence's frame (its index from 0) and its time in seconds; nil when nothing was found.
    public var frame: Int?
    public var time: Double?
    /// What the frames showed, in words.
    public var evidence: String
    /// The row as measured on the evidence's frame, to draw on it (nil when the story is not a row's).
    public var mark: EvidenceMark?

    public init(
        story: Story, verdict: Verdict, frame: Int? = nil, time: Double? = nil, evidence: String,
        mark: EvidenceMark? = nil
    ) {
        self.story = story
        self.verdict = verdict
        self.frame = frame
        self.time = time
        self.evidence = evidence
        self.mark = mark
    }
}

/// A row's band as measured on a frame, in points of the screen: its rows, the side it moved to and how far.
public struct EvidenceMark: Sendable, Equatable {
    public var side: DragSide
    public var top: Int
    public var bottom: Int
    public var offset: Int

    public init(side: DragSide, top: Int, bottom: Int, offset: Int) {
        self.side = side
        self.top = top
        self.bottom = bottom
        self.offset = offset
    }

    /// Where the row's edge is, in points from the screen's left (`width` is the screen's).
    public func edge(width: Int) -> Int { side == .left ? width - offset : offset }
}
