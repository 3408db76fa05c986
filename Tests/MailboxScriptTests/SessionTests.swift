import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §4 at the session level: `pan` samples at the frame rate and advances the clock, a second `pan`
/// continues the gesture, `reset` keeps settings, `settle`, `shake` with nothing to undo.
@Suite struct SessionTests {
    static func session(_ lines: String...) throws -> Session {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session
    }

    @Test func panMovesAtConstantSpeedAndAdvancesTheClock() throws {
        let session = try Self.session("pan msg1 -180")
        #expect(session.screen.now == ms(300))
        #expect(session.screen.x(of: m1) == -180)
        let gesture = try #require(session.screen.gesture)
        #expect(gesture.translation == -180 && gesture.lastSample == ms(300))
        #expect(abs(gesture.velocity - -600) < 1e-3)  // 180 pt in 0.3 s (frame times are whole nanoseconds)
    }

    @Test func panIsSampledAtSixtyFramesASecond() throws {
        // 0.3 s at 60 fps: 18 samples of −10 pt; the sixth, at 0.1 s exactly, reaches −60 and turns yellow.
        let session = try Self.session("pan msg1 -180")
        let crossings = session.screen.timeline.entries.compactMap { entry -> Logged? in
            if case .event(.thresholdCrossed) = entry.kind { return Logged(entry) }
            return nil
        }
        #expect(crossings == [.event(ms(100), "msg1", .thresholdCrossed(from: .laterPeek, to: .later, x: -60))])
    }

    @Test func theFrameRateChangesTheSamples() throws {
        // At 10 fps, 0.3 s is 3 samples: −100, −200, −300; the list threshold is crossed at the third, 0.3 s.
        let session = try Self.session("set fps 10", "pan msg1 -300")
        #expect(session.framesPerSecond == 10)
        let crossings = session.screen.timeline.entries.compactMap { entry -> Logged? in
            if case .event(.thresholdCrossed(.later, .list, _)) = entry.kind { return Logged(entry) }
            return nil
        }
        #expect(crossings == [.event(ms(300), "msg1", .thresholdCrossed(from: .later, to: .list, x: -300))])
    }

    @Test func aSecondPanContinuesTheGesture() throws {
        let session = try Self.session("pan msg1 -100", "pan msg1 -200 in 0.5")
        #expect(session.screen.gestureCount == 1)
        #expect(session.screen.x(of: m1) == -200 && session.screen.now == ms(800))
        #expect(abs(session.screen.gesture!.velocity - -200) < 1e-3)  // 100 pt in 0.5 s
        var other = session
        #expect(throws: ScriptError.model(.gestureInProgress(.message(m1)))) {
            try other.execute(.line("pan msg2 10"))
        }
    }

    @Test func panInZeroJumps() throws {
        let session = try Self.session("pan msg1 -100 in 0")
        #expect(
            session.screen.now == .zero && session.screen.x(of: m1) == -100 && session.screen.gesture?.velocity == 0)
    }

    @Test func resetKeepsSettingsAndStartsAFreshScreen() throws {
        let session = try Self.session("set fps 30", "pan msg1 100", "release", "advance 5", "reset 20")
        #expect(session.framesPerSecond == 30)
        #expect(session.screen.now == .zero && session.screen.messageCount == 20)
        #expect(session.screen.undoStack.isEmpty && session.screen.count(in: .inbox) == 20)
        #expect(session.screen.timeline.entries.isEmpty)  // SPEC §4: time 0, an empty timeline
        #expect(try Self.session("reset").screen.messageCount == 5)
    }

    @Test func settleRunsEveryFollowUp() throws {
        let session = try Self.session("pan msg1 -300", "release", "settle")
        #expect(session.screen.now == ms(900) && session.screen.overlay?.kind == .list && !session.screen.isAnimating)
        let again = try Self.session("settle")
        #expect(again.screen.now == .zero)
    }

    @Test func shakeWithNothingToUndo() throws {
        var session = Session()
        #expect(try session.execute(.line("shake")).output == ["Nothing to undo."])
        #expect(session.screen.alert == nil)
        _ = try session.execute(.line("pan msg1 100"))
        _ = try session.execute(.line("release"))
        _ = try session.execute(.line("settle"))
        #expect(try session.execute(.line("shake")).output.isEmpty)
        #expect(session.screen.alert == .undo)
    }

    @Test func anOverlayRefusesEveryOtherTouch() throws {
        var session = try Self.session("pan msg1 -100", "release", "advance 0.3")
        #expect(session.screen.overlay != nil)
        for line in [
            "pan msg2 10", "edgepan 100", "tap menu", "tap compose", "compose", "tap segment later", "shake", "tap undo"
        ] {
            #expect(throws: ScriptError.self, "\(line)") { try session.execute(.line(line[...])) }
            do { _ = try session.execute(.line(line[...])) } catch {
                #expect(error.message.hasPrefix("the reschedule options cover the screen"), "\(line): \(error.message)")
            }
        }
        #expect(session.screen.now == ms(600) && session.screen.gesture == nil)
    }
}
