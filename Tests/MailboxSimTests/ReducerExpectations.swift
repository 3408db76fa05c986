import MailsimTestSupport

@testable import MailboxAnimation
@testable import MailboxSim

// The reducer tests' own helpers for `send(_:expecting:)` (MailsimTestSupport): what the state would start and
// log now, written out. They reach the model's animator and timeline, which are internal to it.

extension MailboxState {
    /// An easeInOut animation as the state would start and log it now, with the numbers written out (from
    /// SPEC), for `send(_:expecting:)`.
    mutating func expectAnimation(
        _ key: PropertyKey, from: Double, to: Double, over duration: Ticks = ms(300),
        then completion: FollowUp? = nil
    ) {
        animator.start(
            key, from: .scalar(from), to: .scalar(to), at: now, duration: duration, curve: .easeInOut,
            completion: completion)
        timeline.append(
            TimelineEntry(
                time: now, subject: .view(key.view),
                kind: .animation(
                    property: key, from: .scalar(from), to: .scalar(to),
                    duration: duration, curve: .easeInOut),
                gesture: gestureNumber))
    }

    /// A timeline entry as the state would log it now, for `send(_:expecting:)`.
    mutating func expectLog(_ subject: TimelineSubject, _ event: TimelineEvent) {
        timeline.append(TimelineEntry(time: now, subject: subject, kind: .event(event), gesture: gestureNumber))
    }
}
