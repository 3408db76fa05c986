import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText
import MailsimTestSupport
import Testing

/// Long commands poll a cancellation check (Ctrl-C at the prompt); a cancelled command changes nothing.
@Suite struct CancellationTests {
    @Test func aCancelledPanLeavesTheSessionAsItWas() throws {
        var session = PromptSession()
        _ = try session.execute(.line("set fps 240"))
        let before = session.screen.timeline.total
        #expect(throws: ScriptError.model(.interrupted)) {
            _ = try session.execute(.line("pan msg2 100 in 3600"), isCancelled: { true })
        }
        #expect(session.screen.now == .zero)
        #expect(session.screen.gesture == nil)
        #expect(session.screen.x(of: MessageID(2)) == 0)
        #expect(session.screen.timeline.total == before)
        #expect(session.transcript == ["set fps 240"])
    }

    @Test func aCancelledSettleLeavesTheSessionAsItWas() throws {
        var session = Session()
        // Animations that end at different instants, so settle polls between them (only the rows on screen can
        // be panned: SPEC §7.3, "Rows off screen").
        _ = try session.execute(.line("reset 500"))
        for n in 1...5 {
            _ = try session.execute(.line("pan msg\(n) -30 in 0"))
            _ = try session.execute(.line("release"))
            _ = try session.execute(.line("advance 0.01"))
        }
        let animating = session.screen.runningAnimations.count
        #expect(animating == 5)
        #expect(throws: ScriptError.model(.interrupted)) {
            _ = try session.execute(.line("settle"), isCancelled: { true })
        }
        #expect(session.screen.runningAnimations.count == animating)
    }

    @Test func aCheckThatNeverFiresChangesNothingAboutTheResult() throws {
        var plain = Session()
        var polled = Session()
        for line in ["pan msg1 -180 in 0.3", "release", "settle", "choose tomorrow", "settle"] {
            _ = try plain.execute(.line(line[...]))
            _ = try polled.execute(.line(line[...]), isCancelled: { false })
        }
        #expect(plain.screen.rows == polled.screen.rows)
        #expect(plain.screen.timeline == polled.screen.timeline)
    }

    @Test func saveKeepsWhatChangesOrChecksNotWhatOnlyLooks() throws {
        var session = PromptSession()
        for line in [
            "pan msg1 80", "state", "show msg1", "colors", "timeline", "render", "help", "release",
            "expect msg1.x == 80"
        ] {
            _ = try session.execute(.line(line[...]))
        }
        #expect(session.transcript == ["pan msg1 80", "release", "expect msg1.x == 80"])
    }
}
