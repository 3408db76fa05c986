import MailboxAnimation

/// Something that happened on screen, worth a line in the timeline.
public enum TimelineEvent: Equatable, Sendable {
    case gestureBegan(kind: GestureKind, value: Double)
    case thresholdCrossed(from: SwipeZone, to: SwipeZone, x: Double)
    case gestureEnded(value: Double, velocity: Double, outcome: GestureOutcome)
    case animationInterrupted(property: ViewProperty, at: Double)
    case overlayShown(OverlayKind)
    case overlayQueued(OverlayKind)
    case overlayDismissed(OverlayKind, Overlay.Dismissal)
    case overlayGone(OverlayKind)
    case messageHidden(Folder)
    case messageRestored
    case menuOpened, menuClosed
    case composeShown, composeHidden
    case typed(String)
    case segmentSelected(Segment)
    case segmentShown(Segment)
    case alertShown(Alert)
    case alertDismissed(Alert, TapTarget)
    case undoing(UndoRecord)
    /// With haptics on: the motor tapped as a dragged row crossed the threshold at `threshold` (signed x).
    case haptic(HapticStrength, threshold: Double)
    /// A release before the near threshold, at least as fast as the escape velocity the way x points.
    case escaped(velocity: Double, escapeVelocity: Double)
    /// An accessibility action (VoiceOver's custom actions) performed an outcome without a gesture.
    case accessibilityAction(AccessibilityAction)
    /// The compose sheet's focus moved to a field.
    case focused(ComposeSheet.Field)
}

/// How strongly the haptic motor taps: light at a near threshold, medium at a far one (UIKit's
/// UIImpactFeedbackGenerator styles).
public enum HapticStrength: String, CaseIterable, Sendable {
    case light, medium
}

/// What a lifted finger set off: a row's release outcome, or the menu continuing one way.
public enum GestureOutcome: Equatable, Sendable {
    case row(ReleaseOutcome)
    case menu(opening: Bool)
}

/// What a timeline entry concerns: a view, or the screen as a whole (a reset, an alert, a segment choice).
public enum TimelineSubject: Hashable, Sendable {
    case view(ViewID)
    case screen

    /// `msg1`, `overlay`, `compose`, `view.later`, `screen`: the name `timeline TARGET` filters by.
    public var name: String {
        switch self {
        case .view(let view): view.name
        case .screen: "screen"
        }
    }

    /// The names `timeline TARGET` accepts on a screen of `messageCount` messages.
    public static func names(messageCount: Int) -> [String] {
        ["screen", ViewID.overlay.name, ViewID.content.name, ViewID.composeSheet.name]
            + Segment.allCases.map { ViewID.segmentView($0).name }
            + (1...max(1, messageCount)).map { MessageID($0).name }
    }
}

/// One line of the timeline: an animation that started, or an event.
public struct TimelineEntry: Equatable, Sendable {
    public let time: Ticks
    /// The view it concerns, or the screen.
    public let subject: TimelineSubject
    public let kind: Kind
    /// The gesture it belongs to (numbered from 1 since the last reset), if any.
    public let gesture: Int?
    /// For an animation: how long after `time` it starts (`delay.hide`, `delay.segment`); zero for the rest.
    public var delay: Ticks = .zero

    /// An animation that started (with everything needed to replay it), or an event.
    public enum Kind: Equatable, Sendable {
        case animation(
            property: PropertyKey, from: AnimatableValue, to: AnimatableValue, duration: Ticks, curve: TimingCurve)
        case event(TimelineEvent)
    }
}

/// The record of every animation and event, keeping the newest `capacity` entries and counting the rest. The
/// entries are kept in chunks of at most 256: a copy of a timeline shares them, and appending to one copies only
/// the list of chunks and the last chunk, not every entry. (The playground re-runs a gesture's lines from the
/// state before them at every tick and release, so the timeline it appends to is always shared: one array of up
/// to 20,000 entries, copied whole at each step, made a release cost 0.26 ms natively once it was full.)
public struct Timeline: Equatable, Sendable {
    public let capacity: Int
    /// The entries, oldest first: every chunk but the last holds `chunkSize`.
    private(set) var chunks: [[TimelineEntry]] = []
    /// How many entries of the first chunk are dropped.
    private var head = 0
    private let chunkSize: Int
    /// Entries dropped from the front to stay within capacity.
    public private(set) var dropped = 0

    public init(capacity: Int = Limits.timelineCapacity) {
        self.capacity = capacity
        chunkSize = max(1, min(256, capacity))
    }

    /// The kept entries, oldest first.
    public var entries: TimelineEntries { entries(from: head) }
    /// How many entries the storage holds, the dropped ones not yet let go among them (its bound is tested).
    var storedCount: Int { chunks.isEmpty ? 0 : (chunks.count - 1) * chunkSize + chunks[chunks.count - 1].count }
    /// How many entries were ever appended.
    public var total: Int { dropped + storedCount - head }

    public mutating func append(_ entry: consuming TimelineEntry) {
        if chunks.isEmpty || chunks[chunks.count - 1].count == chunkSize {
            var chunk: [TimelineEntry] = []
            chunk.reserveCapacity(chunkSize)
            chunks.append(chunk)
        }
        chunks[chunks.count - 1].append(entry)
        if storedCount - head > capacity {
            head += 1
            dropped += 1
            if head == chunkSize {
                chunks.removeFirst()
                head = 0
            }
        }
    }

    /// Empties the timeline, as a fresh one is.
    public mutating func removeAll() {
        chunks.removeAll(keepingCapacity: true)
        head = 0
        dropped = 0
    }

    /// Entries appended since the total was `mark`, oldest first (those still kept).
    public func entries(since mark: Int) -> TimelineEntries {
        entries(from: min(max(head, storedCount - (total - mark)), storedCount))
    }

    /// The entries from place `start` of the storage on.
    private func entries(from start: Int) -> TimelineEntries {
        TimelineEntries(chunks: chunks, chunkSize: chunkSize, first: start, endIndex: storedCount - start)
    }
}

/// Entries of a timeline, oldest first, read in place from its chunks.
public struct TimelineEntries: RandomAccessCollection, Sendable {
    let chunks: [[TimelineEntry]]
    let chunkSize: Int
    /// The place of the first entry in the chunks, counted from the first chunk's first entry.
    let first: Int
    public var startIndex: Int { 0 }
    public let endIndex: Int

    public subscript(position: Int) -> TimelineEntry {
        let place = first + position
        return chunks[place / chunkSize][place % chunkSize]
    }
}
