import Foundation
import MailboxAnimation
import MailboxJSON
import MailboxPlayground
import MailboxReports
import MailboxScript
import MailboxSim
import PlaygroundServing
import Testing

/// The messages the contract tests do not reach: pin, reset, shake, speed, ticks, a lost pointer, exports, the
/// cut-off, history, and the bounds on what a client's numbers may cost.
@Suite struct PlaygroundMessageTests {
    let never: @Sendable () -> Bool = { false }

    func send(
        _ p: inout PlaygroundSession, _ type: String, _ fields: [(String, JSON)] = [],
        isCancelled: (@Sendable () -> Bool)? = nil
    ) -> [JSON] {
        p.receive(JSON.object([("type", .string(type))] + fields).text, isCancelled: isCancelled ?? never)
            .map { try! JSON.parse($0, maxDepth: 64) }
    }
    func pointer(_ p: inout PlaygroundSession, _ type: String, _ x: Double, _ y: Double, _ t: Double) -> [JSON] {
        send(&p, type, [("x", .number(x)), ("y", .number(y)), ("t", .number(t))])
    }
    func tick(_ p: inout PlaygroundSession, _ t: Double) -> [JSON] { send(&p, "tick", [("t", .number(t))]) }
    func types(_ replies: [JSON]) -> [String] { replies.compactMap { $0["type"]?.stringValue } }
    func state(_ replies: [JSON]) -> JSON? {
        replies.first { $0["type"] == .string("screen") }?["phones"]?.arrayValue?.first?["state"]
    }
    func lines(_ p: PlaygroundSession) -> [String] { p.script.text().split(separator: "\n").map(String.init) }
    func animating(_ p: PlaygroundSession) -> Bool { p.phones.contains { $0.screen.snapshot().animating } }

    /// Ticks at 60 Hz until nothing animates; every reply on the way.
    func settle(_ p: inout PlaygroundSession, from t: inout Double) -> [[JSON]] {
        var all: [[JSON]] = []
        var n = 0
        while animating(p) && n < 2000 {
            t += 1000.0 / 60
            all.append(tick(&p, t))
            n += 1
        }
        return all
    }

    /// A straight drag of `dx` over `ms` at 60 Hz from (x0, y); the replies to the last move.
    @discardableResult
    func drag(_ p: inout PlaygroundSession, from x0: Double, y: Double, by dx: Double, ms: Double, start t0: Double)
        -> [JSON]
    {
        _ = pointer(&p, "down", x0, y, t0)
        let steps = max(1, Int(ms / (1000.0 / 60)))
        var last: [JSON] = []
        for k in 1...steps {
            last = pointer(
                &p, "move", ((x0 + dx * Double(k) / Double(steps)) * 100).rounded() / 100, y, t0 + Double(k) * 1000 / 60
            )
        }
        return last
    }

    /// The script run as `mailsim run` runs it: its report and the `state --json` object at its end.
    func run(_ script: String) throws -> (report: RunReport, state: JSON) {
        var session = Session()
        let report = ScriptRunner.run(Array(script.utf8), file: "playground.mbs", session: &session)
        let outcome = try session.execute(.line("state --json"))
        guard case .json(let machine)? = outcome.report else { return (report, .null) }
        return (report, try JSON.parse(JSONRenderer.value(machine).text, maxDepth: 64))
    }

    @Test func pinAppendsExpectationsThatMailsimRunPasses() throws {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 40, y: 187, by: 100, ms: 250, start: 0)
        _ = pointer(&p, "up", 140, 187, 260)
        var t = 260.0
        _ = settle(&p, from: &t)
        let before = p.script.count
        let replies = send(&p, "pin")
        #expect(types(replies).first == "screen")
        let added = lines(p).dropFirst(before)
        #expect(added.count > 10 && added.allSatisfy { $0.hasPrefix("expect ") }, "\(added)")
        let (report, end) = try run(p.script.text())
        #expect(report.passed, "\(report.problems.map(\.text))")
        #expect(report.checks == added.count)
        #expect(end == state(replies))
    }

    @Test func resetAndItsBounds() throws {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 40, y: 187, by: 100, ms: 250, start: 0)
        _ = pointer(&p, "up", 140, 187, 260)
        var t = 260.0
        _ = settle(&p, from: &t)
        #expect(p.phones[0].screen.snapshot().rows[0].folder == .archive)
        _ = send(&p, "reset", [("messages", .int(3))])
        #expect(p.phones[0].screen.snapshot().rows.count == 3)
        #expect(p.phones[0].screen.snapshot().rows.allSatisfy { $0.folder == .inbox })
        #expect(lines(p).last == "reset 3")
        _ = send(&p, "reset")
        #expect(p.phones[0].screen.snapshot().rows.count == Session().screen.snapshot().rows.count)
        #expect(lines(p).last == "reset")
        let script = p.script
        for n in [0, 501, -1] {
            #expect(types(send(&p, "reset", [("messages", .int(n))])) == ["error"])
        }
        // A reset starts nothing that animates: its history is due at once.
        let reset = send(&p, "reset", [("messages", .int(500))])
        #expect(types(reset) == ["screen", "script"])
        #expect(reset.first?["historyDue"] == .bool(true))
        #expect(p.phones[0].screen.snapshot().rows.count == 500)
        #expect(p.script.count == script.count + 1)
        #expect(try run(p.script.text()).report.passed)
    }

    @Test func shakeWithNothingToUndoSaysSo() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let replies = send(&p, "shake")
        #expect(types(replies).contains("report"))
        #expect(replies.first { $0["type"] == .string("report") }?["text"] == .string("Nothing to undo."))
        #expect(!types(replies).contains("error"))
        #expect(p.phones[0].screen.snapshot().alert == nil)
        // The key says the same.
        #expect(types(send(&p, "key", [("key", .string("s"))])).contains("report"))
        // With something to undo: the alert, no report.
        drag(&p, from: 40, y: 187, by: 100, ms: 250, start: 0)
        _ = pointer(&p, "up", 140, 187, 260)
        var t = 260.0
        _ = settle(&p, from: &t)
        let shaken = send(&p, "shake")
        #expect(!types(shaken).contains("report"))
        #expect(p.phones[0].screen.snapshot().alert != nil)
        #expect(try run(p.script.text()).report.passed)
    }

    /// A release that starts an animation, at page time 1000 ms.
    func released() -> PlaygroundSession {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 300, y: 187, by: -30, ms: 200, start: 800)
        _ = pointer(&p, "up", 270, 187, 1000)
        #expect(animating(p))
        return p
    }

    @Test func aQuarterSpeedTickOf16msAdvances4ms() throws {
        var p = released()
        _ = send(&p, "speed", [("value", .number(0.25))])
        let before = p.phones[0].screen.now
        _ = tick(&p, 1016)
        #expect(p.phones[0].screen.now - before == Ticks.milliseconds(4))
        #expect(lines(p).last == "advance 0.004")
        _ = send(&p, "speed", [("value", .number(0.1))])
        _ = tick(&p, 1026)
        #expect(p.phones[0].screen.now - before == Ticks.milliseconds(5))
        #expect(lines(p).last == "advance 0.005")
    }

    /// The line's total is the ticks' exact sum, written (and run) to the nearest whole millisecond.
    @Test func consecutiveTicksAmendOneAdvanceLineToTheirSumInWholeMilliseconds() throws {
        var p = released()
        let count = p.script.count
        let before = p.phones[0].screen.now
        for t in [1016.0, 1033, 1048.5, 1065.25] { _ = tick(&p, t) }
        #expect(p.script.count == count + 1)
        #expect(lines(p).last == "advance 0.065")
        #expect(p.phones[0].screen.now - before == Ticks.milliseconds(65))
        var t = 1065.25
        let replies = settle(&p, from: &t).last ?? []
        #expect(lines(p).filter { $0.hasPrefix("advance") }.count == 1)
        #expect(try run(p.script.text()).state == state(replies))
    }

    @Test func aTickWhileNothingAnimatesAddsNoLine() throws {
        var p = PlaygroundSession.watching(start: .empty)
        for t in [0.0, 16, 5000, 1e9] {
            #expect(types(tick(&p, t)) == ["screen"])
        }
        #expect(p.script.count == 0)
        #expect(p.phones[0].screen.now == .zero)
        // Nor after a gesture has settled.
        var q = released()
        var t = 1000.0
        _ = settle(&q, from: &t)
        let count = q.script.count
        let now = q.phones[0].screen.now
        _ = tick(&q, t + 10_000)
        #expect(q.script.count == count && q.phones[0].screen.now == now)
    }

    @Test func aLostPointerMidDragIsAnUpWhereItWas() throws {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 300, y: 187, by: -150, ms: 250, start: 0)
        #expect(p.phones[0].screen.gesture != nil)
        let replies = p.pointerLost().map { try! JSON.parse($0, maxDepth: 64) }
        #expect(types(replies).first == "screen")
        #expect(p.phones[0].screen.gesture == nil)
        #expect(lines(p).last?.hasPrefix("release ") == true)
        var t = 300.0
        let last = settle(&p, from: &t).last ?? replies
        #expect(p.phones[0].screen.snapshot().overlay?.kind == .reschedule)
        let (report, end) = try run(p.script.text())
        #expect(report.passed)
        #expect(end == state(last))
        // Lost with no finger down: nothing.
        #expect(p.pointerLost().isEmpty)
    }

    @Test func theGIFExportDecodes() throws {
        let gif = try PlaygroundExports.walkthroughGIF(script: "pan msg1 -100\nrelease\nsettle\n").get()
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        #expect(try Self.gifFrames(gif) > 1)
        guard case .failure = PlaygroundExports.walkthroughGIF(script: "snapshot x.png\n") else {
            Issue.record()
            return
        }
    }

    /// Counts the images of a GIF by walking its blocks (the LZW data is skipped, never read as blocks).
    static func gifFrames(_ b: [UInt8]) throws -> Int {
        var i = 13
        if b[10] & 0x80 != 0 { i += 3 << (Int(b[10] & 7) + 1) }
        func skipSubBlocks() throws {
            while true {
                guard i < b.count else { throw GIFError() }
                let n = Int(b[i])
                i += 1
                if n == 0 { return }
                i += n
            }
        }
        var images = 0
        while i < b.count {
            switch b[i] {
            case 0x21:
                i += 2
                try skipSubBlocks()
            case 0x2C:
                let packed = b[i + 9]
                i += 10
                if packed & 0x80 != 0 { i += 3 << (Int(packed & 7) + 1) }
                i += 1  // LZW minimum code size
                try skipSubBlocks()
                images += 1
            case 0x3B: return images
            default: throw GIFError()
            }
        }
        throw GIFError()
    }
    struct GIFError: Error {}

    @Test func aLineCutOffByIsCancelledIsRefusedAndChangesNothing() throws {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 300, y: 187, by: -30, ms: 100, start: 0)
        _ = pointer(&p, "up", 270, 187, 110)
        var t = 110.0
        _ = settle(&p, from: &t)
        let script = p.script
        let now = p.phones[0].screen.now
        final class Polls: @unchecked Sendable { var n = 0 }
        let polls = Polls()
        let cancelled: @Sendable () -> Bool = {
            polls.n += 1
            return polls.n > 50
        }
        let replies = send(&p, "line", [("text", .string("pan msg1 10 in 3000"))], isCancelled: cancelled)
        #expect(types(replies) == ["error"])
        #expect(replies.first?["message"]?.stringValue?.contains("interrupted") == true)
        #expect(replies.first?["line"] == .string("pan msg1 10 in 3000"))
        #expect(polls.n > 50)
        #expect(p.script == script && p.phones[0].screen.now == now && p.phones[0].screen.gesture == nil)
        // The same line runs when nothing cancels it (3000 s is within a pan's bound).
        #expect(types(send(&p, "line", [("text", .string("pan msg1 10 in 30"))])) == ["screen", "script"])
    }

    /// The command box's line carries an id, and the report or error answering it carries the same id; what other
    /// messages print (a shake's "Nothing to undo.") carries none, so the page can tell them apart.
    @Test func aLinesAnswerCarriesItsId() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let looked = send(&p, "line", [("text", .string("show msg1.x")), ("id", .int(7))])
        let report = try #require(looked.first { $0["type"] == .string("report") })
        #expect(report["id"] == .int(7) && report["text"]?.stringValue?.contains("0") == true)
        let refused = send(&p, "line", [("text", .string("pna msg1 10")), ("id", .int(8))])
        let error = try #require(refused.first { $0["type"] == .string("error") })
        #expect(error["id"] == .int(8) && error["message"]?.stringValue?.contains("did you mean 'pan'") == true)
        let shaken = send(&p, "shake")
        let nothing = try #require(shaken.first { $0["type"] == .string("report") })
        #expect(nothing["text"] == .string("Nothing to undo.") && nothing["id"] == nil)
        // Without an id, the answer has none; an id that is not a whole number is refused, changing nothing.
        #expect(
            send(&p, "line", [("text", .string("show msg1.x"))]).first { $0["type"] == .string("report") }?["id"] == nil
        )
        let script = p.script
        let bad = send(&p, "line", [("text", .string("pan msg1 10")), ("id", .number(1.5))])
        #expect(types(bad) == ["error"] && p.script == script)
    }

    @Test func grabbingARowMidSlideReplays() throws {
        var p = PlaygroundSession.watching(start: .empty)
        drag(&p, from: 40, y: 187, by: 100, ms: 200, start: 0)
        _ = pointer(&p, "up", 140, 187, 201)
        for k in 1...4 { _ = tick(&p, 201 + Double(k) * 16) }
        let x = p.phones[0].screen.snapshot().rows[0].x
        #expect(x > 100 && x < 320, "mid-slide: \(x)")
        drag(&p, from: 200, y: 187, by: -120, ms: 250, start: 400)
        #expect(p.phones[0].screen.gesture != nil)
        _ = pointer(&p, "up", 80, 187, 651)
        var t = 651.0
        let last = settle(&p, from: &t).last ?? []
        #expect(lines(p).filter { $0.hasPrefix("release") }.count == 2)
        let (report, end) = try run(p.script.text())
        #expect(report.passed)
        #expect(end == state(last))
    }

    /// The history is due when the gesture settles: the screen that answers the tick (or the release) says so,
    /// and the page asks for it (when it is idle: a tick's answer must fit in a frame, the replay does not).
    @Test func historyIsDueWhenTheGestureSettlesWithItsPlots() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = send(&p, "set", [("name", .string("threshold.near")), ("value", .string("80"))])
        func due(_ replies: [JSON]) -> Bool { replies.first?["historyDue"] == .bool(true) }
        _ = pointer(&p, "down", 300, 187, 0)
        for k in 1...15 {
            let replies = pointer(&p, "move", 300 - Double(k) * 8, 187, Double(k) * 16)
            #expect(!types(replies).contains("history") && !due(replies), "not per move")
        }
        var replies = pointer(&p, "up", 180, 187, 250)
        #expect(!types(replies).contains("history") && !due(replies), "still animating")
        var t = 250.0
        let all = settle(&p, from: &t)
        #expect(!all.flatMap { $0 }.contains { $0["type"] == .string("history") }, "never in a tick's answer")
        #expect(all.filter(due).count == 1)
        #expect(all.last.map(due) == true, "on the tick where animating goes false")
        replies = send(&p, "history")
        #expect(types(replies) == ["screen", "history"])
        #expect(!due(replies))
        let history = try #require(replies.last)
        #expect(history["timeline"]?.arrayValue?.isEmpty == false)
        let plots = (history["plots"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(!plots.isEmpty)
        let x = try #require(plots.first { $0.contains(">msg1.x<") })
        // The thresholds as set: ±80 near, ±260 far.
        for label in [">-80<", ">-260<", ">80<", ">260<"] { #expect(x.contains(label), "\(label)") }
        #expect(!x.contains(">-60<"))
        // On request again, the same; the next tick (nothing animates) says nothing of it.
        replies = send(&p, "history")
        #expect(types(replies) == ["screen", "history"])
        #expect(replies.last == history)
        #expect(!due(tick(&p, t + 100)))
        // A release that starts nothing (a drag back to where it began, released there): due at the up.
        var q = PlaygroundSession.watching(start: .empty)
        _ = pointer(&q, "down", 300, 187, 0)
        #expect(!types(pointer(&q, "move", 290, 187, 16)).contains("history"))
        #expect(!types(pointer(&q, "move", 300, 187, 32)).contains("history"))
        replies = pointer(&q, "up", 300, 187, 40)
        #expect(!animating(q))
        #expect(due(replies) && !types(replies).contains("history"))
    }

    @Test func aPointerHeldStillThenMovedCostsOneAdvanceNotSamples() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = pointer(&p, "down", 300, 187, 0)
        _ = pointer(&p, "move", 290, 187, 16)
        // Half an hour later the pointer moves again: the finger was held still.
        let replies = pointer(&p, "move", 200, 187, 16 + 1_800_000)
        #expect(types(replies).first == "screen")
        #expect(p.phones[0].screen.snapshot().rows[0].x == -100)
        let held = lines(p)
        #expect(held.contains { $0.hasPrefix("advance ") }, "\(held)")
        // An hour and a half: more than a pan's bound, still one advance.
        _ = pointer(&p, "move", 190, 187, 16 + 1_800_000 + 5_400_000)
        _ = pointer(&p, "up", 190, 187, 16 + 1_800_000 + 5_400_010)
        var t = 16 + 1_800_000 + 5_400_010.0
        let last = settle(&p, from: &t).last ?? []
        let script = lines(p)
        #expect(
            script.filter { $0.hasPrefix("pan ") }.allSatisfy { line in
                Double(line.split(separator: " ").last!)! <= 1
            }, "\(script)")
        let (report, end) = try run(p.script.text())
        #expect(report.passed)
        #expect(end == state(last))
    }
}
