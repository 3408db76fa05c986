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
}
