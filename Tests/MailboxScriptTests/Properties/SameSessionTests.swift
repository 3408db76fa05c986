import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// `sameSession` (Invariants.swift) is what "a refused command changes nothing" is checked with, by the
/// property tests, the bad-input catalogue and the fuzz target: it must compare everything a session holds.
@Suite struct SameSessionTests {
    /// `sameSession` is `Session`'s synthesised `==`: every stored property counts, each one changed alone is a
    /// difference, and the Ctrl-C check a running line holds is not one.
    @Test func itComparesEveryStoredProperty() {
        let session = Session()
        var traced = session
        traced.collectsTrace.toggle()
        var confirming = session
        confirming.confirmsSettings.toggle()
        var moved = session
        _ = try? moved.execute(.line("pan msg1 -10"))
        #expect(sameSession(session, session))
        #expect(!sameSession(session, Session(interactive: true)))
        #expect(!sameSession(session, traced))
        #expect(!sameSession(session, confirming))
        #expect(!sameSession(session, moved))
        var running = session
        running.cancellation.check = { false }
        #expect(sameSession(session, running))
    }

    /// Two animators are equal when they run the same animations, however their slots are laid out.
    @Test func animatorsCompareByWhatRuns() {
        var a = Animator<PropertyKey, FollowUp>()
        var b = Animator<PropertyKey, FollowUp>()
        let x = PropertyKey(.row(m1), .x)
        let y = PropertyKey(.row(m2), .x)
        a.start(x, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(300), curve: .easeInOut)
        a.start(y, from: .scalar(0), to: .scalar(2), at: .zero, duration: ms(300), curve: .easeInOut)
        b.start(x, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(300), curve: .easeInOut)
        b.start(y, from: .scalar(0), to: .scalar(2), at: .zero, duration: ms(300), curve: .easeInOut)
        #expect(a == b)
        b.remove(y)
        #expect(a != b)
        b.start(y, from: .scalar(0), to: .scalar(2), at: .zero, duration: ms(300), curve: .easeInOut)
        #expect(a != b, "the restarted animation has a later number")
    }

    /// Any change a command makes is a difference, down to the newest timeline entry and the animations.
    @Test(arguments: [
        "pan msg1 -10 in 0", "advance 0.000000001", "set fps 30", "compose", "tap menu",
        "tap segment later", "reset 6", "state", "pan msg1 -10 in 0\nrelease 0"
    ])
    func everyCommandThatActsIsADifference(_ script: String) throws {
        var session = Session()
        let before = session
        #expect(sameSession(session, before))
        for line in script.split(separator: "\n") { _ = try session.execute(.line(line)) }
        // `state` only looks: the one line here that must leave the session the same.
        #expect(sameSession(session, before) == (script == "state"))
    }

    /// `reset` of a fresh screen makes the same fresh screen; after anything, it is a difference.
    @Test func reset() throws {
        var session = Session()
        let fresh = session
        _ = try session.execute(.line("reset"))
        #expect(sameSession(session, fresh))
        _ = try session.execute(.line("advance 1"))
        _ = try session.execute(.line("reset"))
        #expect(sameSession(session, fresh))
        _ = try session.execute(.line("set fps 30"))
        _ = try session.execute(.line("reset"))
        #expect(!sameSession(session, fresh), "reset keeps the frame rate")
    }

    @Test func animationsAndTheTimelineCount() throws {
        var a = Session()
        var b = Session()
        _ = try a.execute(.line("pan msg1 -100 in 0"))
        _ = try b.execute(.line("pan msg1 -100 in 0"))
        #expect(sameSession(a, b))
        _ = try a.execute(.line("release"))
        _ = try b.execute(.line("release 5"))
        #expect(!sameSession(a, b), "the release velocity is logged")
        var c = a
        _ = try c.execute(.line("advance 0.1"))
        #expect(!sameSession(a, c))
    }
}
