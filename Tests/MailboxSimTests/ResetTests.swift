import Testing

@testable import MailboxScript
@testable import MailboxSim

/// `reset` keeps the timeline's storage for speed (docs/performance.md), but the screen it makes is exactly a fresh
/// one (SPEC §4: time 0, the timeline empty, every message in the inbox), with the settings kept; and a screen
/// copied before the reset keeps what it had.
@Suite struct ResetTests {
    @Test(arguments: [5, 12, 500])
    func aResetScreenIsAFreshOne(messages: Int) throws {
        var session = Session()
        for line in [
            "set fps 120", "pan msg1 300 in 0.2", "release", "advance 1", "pan msg2 -180", "release",
            "advance 0.6", "choose tomorrow", "settle", "pan msg3 40", "release", "shake"
        ] {
            _ = try session.execute(.line(line[...]))
        }
        let before = session.screen
        #expect(before.timeline.total > 0 && before.count(in: .inbox) < 5 && before.now > .zero)
        _ = try session.execute(.line("reset \(messages)"[...]))
        #expect(session.screen == MailboxState(messageCount: messages, settings: before.settings))
        #expect(session.screen.timeline.total == 0 && session.screen.timeline.dropped == 0)
        #expect(session.screen.count(in: .inbox) == messages && session.framesPerSecond == 120)
        // The copy taken before still has its timeline and its rows.
        #expect(before.timeline.total > 0 && before.count(in: .inbox) < 5)
        // And the reset screen records from nothing again.
        _ = try session.execute(.line("pan msg1 -100"))
        #expect(session.screen.timeline.entries.first?.time == .zero)
    }
}
