import MailboxAnimation

/// Every number of the screen and SPEC's numbers of its behaviour, in one place (SPEC §1–§2); the behaviour's
/// are the defaults of `Settings`, which `set` tunes.
public enum Metrics {
    // Screen, in points.
    public static let screenWidth = 320.0
    public static let screenHeight = 568.0
    public static let navigationBarHeight = 65.0
    public static let contentTop = 65.0
    public static let firstRowY = 144.0
    public static let rowHeight = 86.0

    // Swipe thresholds: zones are closed at their lower bound.
    public static let shortSwipe = 60.0
    public static let longSwipe = 260.0
    /// How far in from the row's edge an icon is pinned, and how far behind the edge it follows.
    public static let iconInset = 30.0
    /// Where a released row slides to: a full screen width.
    public static let slideDistance = 320.0

    // Menu and compose.
    public static let menuOpenX = 280.0
    public static let composeShownY = 80.0
    public static let composeDimAlpha = 0.6

    // Inbox sizes.
    public static let defaultMessageCount = 5
    public static let maxMessageCount = 500
}

/// SPEC's duration of each animation of the behaviour, and its curve: the defaults of `Timings`.
public enum Durations {
    public static let snapBack = Ticks.milliseconds(300)
    public static let slideOut = Ticks.milliseconds(300)
    public static let overlayFade = Ticks.milliseconds(300)
    public static let hide = Ticks.milliseconds(300)
    public static let undoReveal = Ticks.milliseconds(300)
    public static let menu = Ticks.milliseconds(400)
    public static let compose = Ticks.milliseconds(300)
    public static let segment = Ticks.milliseconds(300)
    /// The curve of every behaviour animation.
    public static let curve = TimingCurve.easeInOut
}

/// The model's own bounds: the frame rates a pan may be sampled at, and how much of the timeline is kept. (What a
/// script line may ask for is the script layer's: `ScriptLimits`.)
public enum Limits {
    public static let defaultFramesPerSecond = 60
    public static let framesPerSecond = 1...240
    /// Entries the timeline keeps; older ones are dropped and counted.
    public static let timelineCapacity = 10_000
    /// The most a compose field holds, in bytes of UTF-8 (64 KiB): a `type` that would take a field past it is
    /// refused and types nothing (200 `type`s of a megabyte must not take a gigabyte).
    public static let typedBytesPerField = 65_536
}
