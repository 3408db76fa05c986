/// What `mailsim grade` found in one walkthrough: its size, the screen in it, each story's verdict and what was
/// measured. A value; the text, JSON and HTML are renderers of it.
public struct GradeReport: Sendable, Equatable {
    /// How many frames, and how long the walkthrough plays, in seconds.
    public var frames: Int
    public var seconds: Double
    /// Where the phone's screen is in the picture (nil when the walkthrough had no frame).
    public var screen: ScreenPlacement?
    /// One finding a story, in `Story.allCases` order.
    public var findings: [StoryFinding]
    /// Each threshold as the frames bracket it, in points.
    public var thresholds: [ThresholdBracket]
    /// Each stage's colour as the frames show it.
    public var colours: [StageColour]
    /// Durations the frames allow measuring.
    public var durations: [MeasuredDuration]

    public init(
        frames: Int, seconds: Double, screen: ScreenPlacement?, findings: [StoryFinding],
        thresholds: [ThresholdBracket], colours: [StageColour], durations: [MeasuredDuration]
    ) {
        self.frames = frames
        self.seconds = seconds
        self.screen = screen
        self.findings = findings
        self.thresholds = thresholds
        self.colours = colours
        self.durations = durations
    }

    /// The finding of `story`.
    public func finding(_ story: Story) -> StoryFinding? { findings.first { $0.story == story } }

    /// Every required story seen: `mailsim grade` exits 0.
    public var requiredSeen: Bool { findings.allSatisfy { !$0.story.isRequired || $0.verdict == .seen } }
}

/// A threshold of a drag as the frames bracket it: the largest offset still before it and the smallest past it,
/// in points (nil where no frame shows that side of it).
public struct ThresholdBracket: Sendable, Equatable {
    /// `left.near`, `left.far`, `right.near` or `right.far`.
    public var name: String
    public var below: Int?
    public var above: Int?

    public init(name: String, below: Int?, above: Int?) {
        self.name = name
        self.below = below
        self.above = above
    }
}

/// A stage's background as the frames show it: `gray`, `yellow`, `brown`, `green` or `red` (the stage, named as
/// SPEC names mailsim's colour for it, whatever colour the student chose).
public struct StageColour: Sendable, Equatable {
    public var stage: String
    public var colour: Colour

    public init(stage: String, colour: Colour) {
        self.stage = stage
        self.colour = colour
    }
}

/// A duration bracketed by frames: at least `atLeast` and at most `atMost` seconds.
public struct MeasuredDuration: Sendable, Equatable {
    /// What lasted: `slide` (a released row going off), `hide` (the feed moving up), `snapback`.
    public var name: String
    public var atLeast: Double
    public var atMost: Double

    public init(name: String, atLeast: Double, atMost: Double) {
        self.name = name
        self.atLeast = atLeast
        self.atMost = atMost
    }
}
