import MailboxJSON
import MailboxScript
import Testing

@testable import MailboxPlayground

/// A step costs the same at the session's 20,000th line as at its first: a message that amends the last line
/// changes the script's storage in place (no copy of every line for a refusal's rollback), and a refused message
/// still changes nothing, its lines undone one by one.
@Suite struct PlaygroundLongSessionTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ type: String, _ fields: [(String, JSON)] = []) -> [String] {
        p.receive(JSON.object([("type", .string(type))] + fields).text, isCancelled: never)
    }

    func pointer(_ x: Double, _ t: Double) -> [(String, JSON)] {
        [("x", .number(x)), ("y", .number(187)), ("t", .number(t))]
    }

    /// Where the script's lines are stored.
    func storage(_ p: PlaygroundSession) -> UnsafeRawPointer? {
        p.script.entries.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// A session of 4,000 loaded lines, then a swipe: the release's ticks amend its `advance` line in place.
    @Test func ticksAmendTheLastLineInPlace() {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        _ = send(&p, "load", [("script", .string(String(repeating: "advance 0.01\n", count: 4_000)))])
        #expect(p.script.count == 4_000)
        var t = 1_000.0
        _ = send(&p, "down", pointer(300, t))
        for k in 1...12 {
            t += 1000.0 / 60
            _ = send(&p, "move", pointer(300 - 10 * Double(k), t))
        }
        _ = send(&p, "up", pointer(180, t + 5))
        t += 1000.0 / 60
        _ = send(&p, "tick", [("t", .number(t))])
        let lines = p.script.count
        // A copy is made while the lines it copies are still held: its storage is elsewhere (a freed one can be
        // reused only by the copy after it, so each tick is compared with the one before).
        var copies = 0
        for _ in 0..<10 {
            let stored = storage(p)
            t += 1000.0 / 60
            _ = send(&p, "tick", [("t", .number(t))])
            if storage(p) != stored { copies += 1 }
        }
        #expect(p.script.count == lines, "the ticks should amend one line")
        #expect(p.script.entries.last?.text.hasPrefix("advance ") == true)
        #expect(copies == 0, "\(copies) of 10 ticks copied the script's 4,000 lines")
    }

    /// Each way a message changes the script, undone by `rollBack`: lines appended, the last replaced, the tail
    /// replaced by fewer lines, and the whole replaced (a `load`).
    @Test func aRollBackRestoresTheScript() {
        var script = PlaygroundScript()
        for n in 0..<6 { script.append("advance 0.\(n)") }
        _ = script.takeChange()
        let before = script
        let edits: [(inout PlaygroundScript) -> Void] = [
            { $0.append("pan msg1 -30") },
            { $0.replace(from: 5, with: [.init(text: "advance 1", owner: .both)]) },
            { $0.replace(from: 3, with: []) },
            { $0.replace(from: 0, with: [.init(text: "tap compose", owner: .a)]) }
        ]
        for count in 1...edits.count {
            for first in 0...(edits.count - count) {
                var edited = script
                edited.beginUndo()
                for edit in edits[first..<(first + count)] { edit(&edited) }
                #expect(edited != before)
                edited.rollBack()
                #expect(edited == before, "edits \(first)..<\(first + count)")
            }
        }
    }

    /// A line refused in a long session leaves its script as it was, and the next message is answered as before.
    @Test func aRefusalInALongSessionChangesNothing() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        _ = send(&p, "load", [("script", .string(String(repeating: "advance 0.01\n", count: 2_000)))])
        let before = p.script
        let answers = send(&p, "line", [("text", .string("pna msg1 -30"))])
        #expect(answers.contains { $0.contains("\"type\":\"error\"") })
        #expect(p.script == before)
        _ = send(&p, "line", [("text", .string("pan msg1 -30"))])
        #expect(p.script.count == before.count + 1)
    }
}
