import Foundation
import MailboxJSON
import MailboxPlayground
import MailboxReports
import MailboxScript
import MailboxSim
import PlaygroundServing
import Testing

/// The playground's contract: its script replays (as `mailsim run` would) to the state it shows; the simplified
/// drag stays within 0.5 pt of the pointer; hostile messages change nothing. SPEC's numbers, not printed output.
@Suite struct PlaygroundContractTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ object: [(String, JSON)]) -> [JSON] {
        p.receive(JSON.object(object).text, isCancelled: never).map { try! JSON.parse($0, maxDepth: 64) }
    }
    func pointer(_ p: inout PlaygroundSession, _ type: String, _ x: Double, _ y: Double, _ t: Double) -> [JSON] {
        send(&p, [("type", .string(type)), ("x", .number(x)), ("y", .number(y)), ("t", .number(t))])
    }
    func tick(_ p: inout PlaygroundSession, _ t: Double) -> [JSON] {
        send(&p, [("type", .string("tick")), ("t", .number(t))])
    }

    /// The playground's `state --json` object (phone A) from its last screen message.
    func state(_ replies: [JSON]) -> JSON? {
        replies.first { $0["type"] == .string("screen") }?["phones"]?.arrayValue?.first?["state"]
    }
    func property(_ state: JSON?, _ path: String) -> JSON? { state?["properties"]?[path] }

    /// Runs the script in a fresh session, as `mailsim run` would; the `state --json` object at its end.
    func replay(_ script: String) throws -> JSON {
        var session = Session()
        for line in script.split(separator: "\n") { _ = try session.execute(.line(line)) }
        #expect(session.screen.gesture == nil, "the script ends with the finger up")
        let outcome = try session.execute(.line("state --json"))
        guard case .json(let machine)? = outcome.report else {
            Issue.record("no state")
            return .null
        }
        // Whole numbers read back as the page reads them.
        return try JSON.parse(JSONRenderer.value(machine).text, maxDepth: 64)
    }

    /// A drag from (x0, y) by `dx` over `ms` at 60 Hz with ±`jitter` pt of deterministic noise; the raw samples.
    func drag(
        _ p: inout PlaygroundSession, from x0: Double, y: Double, by dx: Double, ms: Double, start t0: Double,
        jitter: Double = 0.3
    ) -> (samples: [(Double, Double)], last: [JSON]) {
        _ = pointer(&p, "down", x0, y, t0)
        var samples: [(Double, Double)] = []
        let steps = Int(ms / (1000.0 / 60))
        var last: [JSON] = []
        for k in 1...steps {
            let t = t0 + Double(k) * 1000 / 60
            let noise = k == steps ? 0 : jitter * sin(Double(k) * 2.3)
            let x = ((x0 + dx * Double(k) / Double(steps) + noise) * 100).rounded() / 100
            samples.append((t, x - x0))
            last = pointer(&p, "move", x, y, t)
        }
        return (samples, last)
    }

    @Test func aFastDragLeftReplaysToTheSameStateAndStaysWithinHalfAPoint() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = p.opening()
        let (samples, whileDown) = drag(&p, from: 300, y: 187, by: -180, ms: 300, start: 1000)
        // While down: msg1 follows the finger into the yellow zone.
        #expect(property(state(whileDown), "msg1.x")?.doubleValue == -180)
        #expect(property(state(whileDown), "msg1.background") == .string("#FECA16"))
        var replies = pointer(&p, "up", 120, 187, 1301)
        var t = 1301.0
        while p.phones[0].screen.snapshot().animating {
            t += 16
            replies = tick(&p, t)
        }
        #expect(property(state(replies), "overlay") == .string("reschedule") || state(replies)?["overlay"] != .null)
        #expect(p.phones[0].screen.snapshot().overlay?.kind == .reschedule)
        let script = p.script.text()
        #expect(try replay(script) == state(replies))
        // The simplified lines stay within 0.5 pt of every raw sample.
        try checkWithinHalfAPoint(script, samples: samples, start: 1000)
        let pans = script.split(separator: "\n").filter { $0.hasPrefix("pan ") }
        #expect(pans.count < samples.count, "merged: \(pans.count) lines for \(samples.count) samples")
    }

    /// Reads the `pan msg1 DX in S` lines back as a piecewise linear path and measures it at each sample.
    func checkWithinHalfAPoint(_ script: String, samples: [(Double, Double)], start: Double) throws {
        var pieces: [(end: Double, dx: Double)] = []
        var time = 0.0
        for line in script.split(separator: "\n") where line.hasPrefix("pan ") || line.hasPrefix("edgepan ") {
            let words = line.split(separator: " ")
            let dx = try #require(Double(words[words.count - 3]))
            time += try #require(Double(words[words.count - 1])) * 1000
            pieces.append((time, dx))
        }
        for (t, raw) in samples {
            let ms = (t - start).rounded()
            var from = (0.0, 0.0)
            for piece in pieces {
                if ms <= piece.end + 1e-9 {
                    let x = from.1 + (piece.dx - from.1) * (ms - from.0) / (piece.end - from.0)
                    #expect(abs(x - raw) <= 0.5 + 1e-9, "at \(ms) ms: \(x) vs \(raw)")
                    break
                }
                from = (piece.end, piece.dx)
            }
        }
    }

    @Test func aSlowDragRightAndAnEdgeDragReplay() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = drag(&p, from: 40, y: 300, by: 100, ms: 1500, start: 0, jitter: 0.6)
        var replies = pointer(&p, "up", 140, 300, 1501)
        var t = 1501.0
        while p.phones[0].screen.snapshot().animating {
            t += 16
            replies = tick(&p, t)
        }
        #expect(try replay(p.script.text()) == state(replies))
        #expect(property(state(replies), "msg2.visible") == .bool(false))  // archived
        _ = drag(&p, from: 5, y: 300, by: 200, ms: 250, start: 5000)
        replies = pointer(&p, "up", 205, 300, 5251)
        t = 5251
        while p.phones[0].screen.snapshot().animating {
            t += 16
            replies = tick(&p, t)
        }
        #expect(property(state(replies), "content.x")?.doubleValue == 280)
        #expect(try replay(p.script.text()) == state(replies))
    }

    @Test func grabbingARowMidAnimationReplays() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = drag(&p, from: 300, y: 187, by: -40, ms: 200, start: 0)
        _ = pointer(&p, "up", 260, 187, 201)
        for k in 1...6 { _ = tick(&p, 201 + Double(k) * 16) }  // the snap-back runs
        #expect(p.phones[0].screen.snapshot().animating)
        _ = drag(&p, from: 300, y: 187, by: -100, ms: 200, start: 400)
        var replies = pointer(&p, "up", 200, 187, 601)
        var t = 601.0
        while p.phones[0].screen.snapshot().animating {
            t += 16
            replies = tick(&p, t)
        }
        #expect(try replay(p.script.text()) == state(replies))
    }

    @Test func clicksAndKeysBecomeLines() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = pointer(&p, "down", 298, 42, 0)
        _ = pointer(&p, "up", 298, 42, 50)
        var t = 50.0
        while p.phones[0].screen.snapshot().animating {
            t += 16
            _ = tick(&p, t)
        }
        for key in ["h", "i", " ", "y", "o", "u"] { _ = send(&p, [("type", .string("key")), ("key", .string(key))]) }
        let bad = send(&p, [("type", .string("key")), ("key", .string("#"))])
        #expect(bad.first?["type"] == .string("screen"))  // "hi you#": a '#' glued to a word is text
        #expect(p.phones[0].screen.snapshot().compose.to == "hi you#")
        let lines = p.script.text().split(separator: "\n")
        #expect(lines.first == "compose")
        #expect(lines.last == "type hi you#")
        #expect(lines.count == 3)  // compose, advance, type
        #expect(try replay(p.script.text())["properties"]?["compose.to"] == .string("hi you#"))
    }

    @Test func hostileMessagesChangeNothing() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = drag(&p, from: 300, y: 187, by: -30, ms: 100, start: 0)
        _ = pointer(&p, "up", 270, 187, 101)
        let before = p.script
        let time = p.phones[0].screen.now
        let hostile = [
            "", "{", "[]", "null", #"{"type":"nope"}"#, #"{"type":"down","x":1e308,"y":0,"t":0}"#,
            #"{"type":"down","x":"1","y":0,"t":0}"#, #"{"type":"move","x":5000,"y":0,"t":0}"#,
            #"{"type":"tick","t":-5}"#, #"{"type":"reset","messages":501}"#, #"{"type":"reset","messages":2.5}"#,
            #"{"type":"set","name":"fps","value":"0"}"#, #"{"type":"set","name":"fps\nsave x","value":"5"}"#,
            #"{"type":"line","text":"save /tmp/x.mbs"}"#, #"{"type":"line","text":"snapshot /tmp/x.svg"}"#,
            #"{"type":"line","text":"! load /etc/passwd"}"#, #"{"type":"line","text":"quit"}"#,
            #"{"type":"line","text":"pan msg9 10"}"#, #"{"type":"speed","value":2}"#,
            #"{"type":"load","script":"pan msg1 -100\n"}"#,
            #"{"type":"load","script":"bogus\n"}"#, #"{"type":"plot","curve":"spring 0 0"}"#,
            #"{"type":"compare","on":"yes"}"#, #"{"type":"down","x":1,"y":2,"t":3,"phone":7}"#,
            String(repeating: "[", count: 10_000), #"{"type":"line","text":"pan msg1 10 in 100000"}"#
        ]
        for text in hostile {
            let replies = p.receive(text, isCancelled: never)
            #expect(replies.count == 1, "\(text): \(replies)")
            #expect(replies.first.map { (try? JSON.parse($0))?["type"] } == .string("error"), "\(text)")
        }
        #expect(p.script == before)
        #expect(p.phones[0].screen.now == time)
    }

    @Test func aNearThresholdOf80KeepsA70PointDragGray() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let set = send(&p, [("type", .string("set")), ("name", .string("threshold.near")), ("value", .string("80"))])
        #expect(set.first?["type"] == .string("screen"))
        let (_, down) = drag(&p, from: 40, y: 187, by: 70, ms: 300, start: 0, jitter: 0)
        #expect(property(state(down), "msg1.background") == .string("#B2B2B2"))
        var replies = pointer(&p, "up", 110, 187, 301)
        var t = 301.0
        while p.phones[0].screen.snapshot().animating {
            t += 16
            replies = tick(&p, t)
        }
        #expect(property(state(replies), "msg1.x")?.doubleValue == 0)
        #expect(p.script.text().hasPrefix("set threshold.near 80\n"))
        #expect(try replay(p.script.text()) == state(replies))
    }

    @Test func aStartScriptAndItsErrors() throws {
        let ok = PlaygroundStart.script("pan msg1 -100\nrelease\nsettle\n", name: "start.mbs")
        let start = try ok.get()
        #expect(start.lines == ["pan msg1 -100", "release", "settle"])
        guard case .failure(let error) = PlaygroundStart.script("settle\nbogus\n", name: "start.mbs") else {
            Issue.record()
            return
        }
        #expect(error.message.hasPrefix("start.mbs:2: error: unknown command"))
        guard case .failure(let down) = PlaygroundStart.script("pan msg1 -100\n", name: "s.mbs") else {
            Issue.record()
            return
        }
        #expect(down.message.contains("finger"))
    }

    @Test func comparedPhonesShareThePointerAndTheScriptMarksPhoneB() throws {
        var p = PlaygroundSession.watching(start: .empty)
        _ = send(&p, [("type", .string("compare")), ("on", .bool(true))])
        _ = send(
            &p,
            [
                ("type", .string("set")), ("name", .string("threshold.near")), ("value", .string("80")),
                ("phone", .int(1))
            ])
        _ = drag(&p, from: 40, y: 187, by: 70, ms: 300, start: 0, jitter: 0)
        _ = pointer(&p, "up", 110, 187, 301)
        var t = 301.0
        while p.phones.contains(where: { $0.screen.snapshot().animating }) {
            t += 16
            _ = tick(&p, t)
        }
        #expect(p.phones[0].screen.snapshot().rows[0].folder == .archive)
        #expect(p.phones[1].screen.snapshot().rows[0].folder == .inbox)
        #expect(p.script.text().hasPrefix("#B: set threshold.near 80\n"))
        #expect(p.script.text(for: .b).hasPrefix("set threshold.near 80\n"))
    }

    @Test func curvesAndExports() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let plot = send(&p, [("type", .string("plot")), ("curve", .string("easeInOut"))])
        let points = try #require(plot.last?["points"]?.arrayValue)
        #expect(points.count == 121)
        #expect(points.last?.arrayValue?[1].doubleValue == 1)
        let html = try PlaygroundExports.walkthroughHTML(script: "pan msg1 -100\nrelease\nsettle\n").get()
        #expect(html.contains("<html"))
        guard case .failure = PlaygroundExports.walkthroughHTML(script: "save x\n") else {
            Issue.record()
            return
        }
    }
}

extension PlaygroundSession {
    /// A session whose screens carry each phone's whole state object (the page's `watch`), which these tests read.
    static func watching(start: PlaygroundStart) -> PlaygroundSession {
        var session = PlaygroundSession(start: start)
        session.watchesState = true
        return session
    }
}
