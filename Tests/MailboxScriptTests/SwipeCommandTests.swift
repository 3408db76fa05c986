import MailsimTestSupport
import Testing

@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// `swipe msgN near|far left|right` is `pan msgN D` then `release` (SPEC §7.21), D the middle of the chosen zone
/// of that side under the thresholds in force: the two leave the same session, frame for frame.
@Suite struct SwipeCommandTests {
    /// A fresh session that ran `setup`, then `lines`.
    static func session(_ setup: [String], _ lines: [String]) throws -> Session {
        var session = Session()
        for line in setup + lines { _ = try session.execute(.line(line[...])) }
        return session
    }

    /// Each reach and side, with SPEC's thresholds and tuned ones, at several frame rates, on a row with rows
    /// swiped before it: the same session as the pan and the release D stands for.
    @Test(arguments: [
        (["set fps 60"], ["near left": -160.0, "far left": -290, "near right": 160, "far right": 290]),
        (["set fps 7"], ["near left": -160.0, "far left": -290, "near right": 160, "far right": 290]),
        (
            ["set fps 24", "set threshold.left.near 100", "set threshold.left.far 200", "set threshold.right.far 320"],
            ["near left": -150.0, "far left": -230, "near right": 190, "far right": 350]
        ),
        (
            ["set threshold.left.bound strict", "set escape.velocity 400"],
            ["near left": -160.0, "far left": -290, "near right": 160, "far right": 290]
        )
    ])
    func aSwipeIsThePanAndReleaseItStandsFor(setup: [String], distances: [String: Double]) throws {
        for (words, distance) in distances {
            for message in ["msg1", "msg3"] {
                let before = ["swipe msg2 near right", "settle"]
                let swiped = try Self.session(setup + before, ["swipe \(message) \(words)"])
                let panned = try Self.session(
                    setup + before, ["pan \(message) \(formatNumber(distance, decimals: 3))", "release"])
                #expect(swiped == panned, "swipe \(message) \(words) under \(setup)")
                #expect(swiped.screen.gesture == nil)
                let id = try #require(MessageID(name: message[...]))
                #expect(
                    try swiped.screen.read(.message(id, .x)) == .number(distance),
                    "swipe \(message) \(words) under \(setup)")
                // And after it settles, the same outcome.
                var (a, b) = (swiped, panned)
                _ = try a.execute(.line("settle"[...]))
                _ = try b.execute(.line("settle"[...]))
                #expect(a == b, "swipe \(message) \(words) then settle, under \(setup)")
            }
        }
    }

    /// With SPEC's numbers each swipe ends in its action's zone: later, list, archive, delete.
    @Test func eachSwipeEndsInItsActionsZone() throws {
        let zones: [(String, SwipeZone)] = [
            ("near left", .later), ("far left", .list), ("near right", .archive), ("far right", .delete)
        ]
        for (words, zone) in zones {
            let session = try Self.session([], ["swipe msg1 \(words)"])
            guard case .number(let x) = try session.screen.read(.message(MessageID(1), .x)) else {
                Issue.record("msg1.x is not a number")
                continue
            }
            #expect(SwipeZone.at(x) == zone, "swipe msg1 \(words) ended at \(x)")
        }
    }

    /// Refused, in the parser's words or the model's, changing nothing.
    @Test func refusals() throws {
        let refused: [(String, String)] = [
            ("swipe msg1 nearr left", "swipe: 'nearr' is not near or far (did you mean 'near'?)"),
            ("swipe msg1 near up", "swipe: 'up' is not left or right"),
            ("swipe msg1 near", "swipe: missing left|right (usage: swipe msgN near|far left|right)"),
            ("swipe content near left", "unknown message 'content': swipe takes msgN")
        ]
        for (line, words) in refused {
            var session = Session()
            let before = session
            #expect(throws: ScriptError.self) { _ = try session.execute(.line(line[...])) }
            do { _ = try session.execute(.line(line[...])) } catch { #expect(error.message == words, "\(line)") }
            #expect(session == before)
        }
        var session = try Self.session([], ["pan msg1 -30"])
        let before = session
        #expect(throws: ScriptError.self) { _ = try session.execute(.line("swipe msg2 far left"[...])) }
        #expect(session == before)
    }
}
