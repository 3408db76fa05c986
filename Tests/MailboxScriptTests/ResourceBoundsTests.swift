import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// What a long session keeps, through the library: the newest 10 000 timeline entries (the storage never past
/// twice that), no transcript in a script, an undo stack and overlay queue no longer than the inbox, a handful of
/// animations. (Peak memory through the binary: mailsimCLITests/ResourceTests; full size: tools/resources.sh.)
@Suite struct ResourceBoundsTests {
    static let cycle = [
        "pan msg2 -100 in 0.05", "release", "settle", "choose tomorrow", "settle", "shake", "tap undo", "settle",
        "pan msg3 100", "release", "advance 0.6", "shake", "tap undo", "settle", "edgepan 200 in 0.1", "release",
        "settle", "tap menu", "settle", "show msg2"
    ]

    static func storageCount(_ timeline: Timeline) -> Int { timeline.storedCount }

    @Test func aLongSessionKeepsBoundedState() throws {
        var session = Session()
        var largestStorage = 0
        var largestStack = 0
        var mostAnimations = 0
        for round in 0..<1_500 {
            for line in Self.cycle { _ = try session.execute(.line(line[...])) }
            if round % 10 == 0 {
                largestStorage = max(largestStorage, Self.storageCount(session.screen.timeline))
                largestStack = max(largestStack, session.screen.undoStack.count + session.screen.pendingOverlays.count)
                mostAnimations = max(mostAnimations, session.screen.runningAnimations.count)
            }
        }
        let timeline = session.screen.timeline
        #expect(timeline.total > 40_000, "the session should overflow the timeline several times")
        #expect(timeline.entries.count == Limits.timelineCapacity)
        #expect(timeline.dropped == timeline.total - Limits.timelineCapacity)
        #expect(largestStorage > 0 && largestStorage <= 2 * Limits.timelineCapacity)
        #expect(largestStack <= session.screen.messageCount)
        #expect(mostAnimations <= 8)
        // The report says what was dropped, and prints only what is kept (plus a blank line between gestures).
        var looking = session
        let report = try looking.execute(.line("timeline")).output
        #expect(report.first == "(\(timeline.dropped) earlier entries dropped; the timeline keeps the last 10000)")
        #expect(report.filter { !$0.isEmpty }.count == Limits.timelineCapacity + 1)
        #expect(Invariants.problems(session.screen) == [])
    }

    /// At the prompt the session keeps the lines that ran and changed or checked something, for `save` (not the
    /// refused `release`, nor `show` and `help`, which only look); a script keeps none.
    @Test func onlyThePromptKeepsATranscript() throws {
        var prompt = PromptSession()
        var script = Session()
        for line in Self.cycle + ["release", "help"] {
            _ = try? prompt.execute(.line(line[...]))
            let outcome = try? script.execute(.line(line[...]))
            #expect(outcome?.replay == nil, "a script's lines are not kept for save")
        }
        #expect(prompt.transcript == Self.cycle.filter { !$0.hasPrefix("show ") })
    }
}
