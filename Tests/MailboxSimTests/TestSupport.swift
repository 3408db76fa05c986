@testable import MailboxSim
import Testing

// Helpers shared by the unit tests: short names for instants and messages, and a comparable snapshot of
// a `MailboxState` (which is not Equatable itself) to show that a refused action changed nothing.

/// An instant or span given in milliseconds.
func ms(_ value: Int64) -> Ticks { .milliseconds(value) }

/// An instant or span given in whole seconds.
func sec(_ value: Int64) -> Ticks { Ticks(nanoseconds: value * Ticks.perSecond) }

let m1 = MessageID(1), m2 = MessageID(2), m3 = MessageID(3), m5 = MessageID(5)

/// Everything a refused action must leave alone.
struct StateSnapshot: Equatable {
    struct Running: Equatable {
        let serial: Int
        let key: PropertyKey
        let from: AnimatableValue
        let to: AnimatableValue
        let start: Ticks
        let duration: Ticks
        let curve: TimingCurve
        let completion: FollowUp?
    }

    let now: Ticks
    let rows: [MessageRow]
    let gesture: PanGesture?
    let overlay: Overlay?
    let overlayAlpha: Double
    let pendingOverlays: [Overlay]
    let undoStack: [UndoRecord]
    let contentX: Double
    let compose: ComposeSheet
    let alert: Alert?
    let segments: SegmentedControl
    let timeline: Timeline
    let gestureCount: Int
    let running: [Running]

    init(_ state: MailboxState) {
        now = state.now
        rows = state.rows
        gesture = state.gesture
        overlay = state.overlay
        overlayAlpha = state.overlayAlpha
        pendingOverlays = state.pendingOverlays
        undoStack = state.undoStack
        contentX = state.contentX
        compose = state.compose
        alert = state.alert
        segments = state.segments
        timeline = state.timeline
        gestureCount = state.gestureCount
        running = state.runningAnimations.map {
            Running(serial: $0.serial, key: $0.key, from: $0.from, to: $0.to, start: $0.start,
                    duration: $0.duration, curve: $0.curve, completion: $0.completion)
        }
    }
}

/// Sends `action`, expects it to be refused with exactly `expected`, and expects the state unchanged.
func expectRefusal(_ state: inout MailboxState, _ action: MailboxAction, _ expected: MailboxError,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    let before = StateSnapshot(state)
    do {
        try state.send(action)
        Issue.record("\(action) was accepted; expected \(expected)", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, sourceLocation: sourceLocation)
    }
    #expect(StateSnapshot(state) == before, "a refused action changed the state", sourceLocation: sourceLocation)
}

/// Sends `action`, expects a refusal that satisfies `matches`, and expects the state unchanged.
func expectRefusal(_ state: inout MailboxState, _ action: MailboxAction, sourceLocation: SourceLocation = #_sourceLocation,
                   matching matches: (MailboxError) -> Bool) {
    let before = StateSnapshot(state)
    do {
        try state.send(action)
        Issue.record("\(action) was accepted", sourceLocation: sourceLocation)
    } catch {
        #expect(matches(error), "refused with \(error)", sourceLocation: sourceLocation)
    }
    #expect(StateSnapshot(state) == before, "a refused action changed the state", sourceLocation: sourceLocation)
}

/// A timeline entry without its gesture number, for exact comparisons of what happened when.
struct Logged: Equatable, CustomStringConvertible {
    let time: Ticks
    let subject: String
    let kind: TimelineEntry.Kind

    init(_ time: Ticks, _ subject: String, _ kind: TimelineEntry.Kind) {
        self.time = time; self.subject = subject; self.kind = kind
    }

    init(_ entry: TimelineEntry) { self.init(entry.time, entry.subject, entry.kind) }

    var description: String { "\(time.decimalSeconds) \(subject) \(kind)" }

    /// An easeInOut animation entry, as every behaviour animation is logged.
    static func animation(_ time: Ticks, _ subject: String, _ property: String, _ from: Double, _ to: Double,
                          over duration: Ticks = ms(300)) -> Logged {
        Logged(time, subject, .animation(property: property, from: .scalar(from), to: .scalar(to),
                                         duration: duration, curve: .easeInOut))
    }

    static func event(_ time: Ticks, _ subject: String, _ event: TimelineEvent) -> Logged {
        Logged(time, subject, .event(event))
    }
}

extension MailboxState {
    /// The timeline entries appended since the timeline's total was `mark`.
    func logged(since mark: Int) -> [Logged] { timeline.entries(since: mark).map(Logged.init) }

    /// Moves the clock to an absolute instant.
    mutating func advance(to instant: Ticks) throws(MailboxError) { try send(.clockAdvanced(to: instant)) }
}
