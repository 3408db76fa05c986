import MailboxJSON
import MailboxPlayground
import MailboxScript
import MailboxSim
import MailboxText
import Testing

/// What a message costs the playground: one screen snapshot per phone (its picture, its state object and a
/// `down`'s hit test read the same one), and no script text parsed back.
@Suite struct PlaygroundCostTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ type: String, _ fields: [(String, JSON)] = []) -> Int {
        let before = p.snapshotsTaken
        _ = p.receive(JSON.object([("type", .string(type))] + fields).text, isCancelled: never)
        return p.snapshotsTaken - before
    }

    func pointer(_ type: String, _ x: Double, _ t: Double) -> [(String, JSON)] {
        [("x", .number(x)), ("y", .number(187)), ("t", .number(t))]
    }

    /// A drag, its release and the ticks of its settle, on one phone and on two: each message takes at most one
    /// snapshot per phone (none when the phones did not change since the last answer: a `down`).
    @Test(arguments: [false, true]) func oneSnapshotPerPhonePerMessage(compared: Bool) {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        if compared { _ = send(&p, "compare", [("on", .bool(true))]) }
        let phones = p.phones.count
        var t = 1000.0
        var counts: [Int] = [send(&p, "down", pointer("down", 300, t))]
        for k in 1...18 {
            t += 1000.0 / 60
            counts.append(send(&p, "move", pointer("move", 300 - 7 * Double(k), t)))
        }
        t += 5
        counts.append(send(&p, "up", pointer("up", 174, t)))
        var n = 0
        while p.phones.contains(where: { $0.screen.isAnimating }) && n < 600 {
            t += 1000.0 / 60
            counts.append(send(&p, "tick", [("t", .number(t))]))
            n += 1
        }
        counts.append(send(&p, "line", [("text", .string("expect msg1.x == 0"))]))
        #expect(n > 10)
        #expect(counts.allSatisfy { $0 <= phones }, "\(counts)")
        #expect(counts.dropFirst().allSatisfy { $0 == phones }, "\(counts)")
    }

    /// The history a settled gesture sends: its lines. Its timeline is that gesture's entries, not the session's,
    /// so that a class hour of gestures does not make every answer longer (it was the whole timeline, up to
    /// 10,000 entries drawn and sent after every gesture: a session's answers slowed from 1.4 to 5.2 ms p50).
    @Test func historyIsTheLastGesturesNotTheSessions() throws {
        func history(after gestures: Int) throws -> [String] {
            var p = PlaygroundSession(start: .empty)
            _ = p.opening()
            let script = String(repeating: "pan msg1 -30\nrelease\nadvance 1\n", count: gestures)
            _ = p.receive(
                JSON.object([("type", .string("load")), ("script", .string(script))]).text, isCancelled: never)
            for text in ["pan msg1 -30", "release", "advance 1"] {
                _ = p.receive(
                    JSON.object([("type", .string("line")), ("text", .string(text))]).text, isCancelled: never)
            }
            let replies = p.receive(JSON.object([("type", .string("history"))]).text, isCancelled: never)
            let message = try #require(
                replies.compactMap { try? JSON.parse($0) }.first { $0["type"] == .string("history") })
            return (message["timeline"]?.arrayValue ?? []).compactMap(\.stringValue)
        }
        let one = try history(after: 1)
        let many = try history(after: 1_500)
        #expect(!one.isEmpty)
        #expect(many.count == one.count, "\(many.count) lines after 1,500 gestures, \(one.count) after one")
        #expect(many.count <= PlaygroundLimits.historyTimelineEntries + 1)
    }

    /// A gesture's excerpt: the entries since its mark, the newest `last` of them, and a line for the rest; all
    /// of them after a `reset` emptied the timeline.
    @Test func gestureExcerptKeepsTheNewest() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        for text in ["pan msg1 -30", "release", "advance 1"] {
            _ = p.receive(JSON.object([("type", .string("line")), ("text", .string(text))]).text, isCancelled: never)
        }
        let session = p.phones[0]
        let total = session.screen.timeline.total
        #expect(total >= 3)
        let all = session.timelineExcerpt(since: 0, last: 1_000)
        #expect(all.entries.count == total && all.dropped == 0)
        let two = session.timelineExcerpt(since: 0, last: 2)
        #expect(two.entries == Array(all.entries.suffix(2)) && two.dropped == total - 2)
        #expect(session.timelineExcerpt(since: total, last: 5).entries.isEmpty)
        #expect(session.timelineExcerpt(since: total + 7, last: 5).entries.count == min(total, 5), "after a reset")
    }
}
