import MailboxAnimation
import MailboxJSON
import MailboxPlayground
import MailboxReports
import MailboxScript
import Testing

/// The numbers the session writes into the script are rounded where they are made (a translation to 0.5 pt, a
/// velocity to 1 pt/s, a duration to 1 ms: docs/playground.md, "Readable lines"), and the phones are given the
/// rounded values, so `mailsim run` of the script still ends in the page's state.
@Suite struct PlaygroundReadableLinesTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ type: String, _ fields: [(String, JSON)]) -> [JSON] {
        p.receive(JSON.object([("type", .string(type))] + fields).text, isCancelled: never)
            .map { try! JSON.parse($0, maxDepth: 64) }
    }
    func pointer(_ p: inout PlaygroundSession, _ type: String, _ x: Double, _ t: Double) -> [JSON] {
        send(&p, type, [("x", .number(x)), ("y", .number(187)), ("t", .number(t))])
    }
    func lines(_ p: PlaygroundSession) -> [String] { p.script.text().split(separator: "\n").map(String.init) }
    func state(_ replies: [JSON]) -> JSON? {
        replies.first { $0["type"] == .string("screen") }?["phones"]?.arrayValue?.first?["state"]
    }

    /// Ticks at a display's 60 Hz (16.666… ms apart, as `requestAnimationFrame` stamps them) until nothing animates;
    /// the replies to the last.
    func settle(_ p: inout PlaygroundSession, from t: Double) -> [JSON] {
        var last: [JSON] = []
        var k = 1.0
        while p.phones.contains(where: { $0.screen.snapshot().animating }) && k < 2000 {
            last = send(&p, "tick", [("t", .number(t + k * 1000 / 60))])
            k += 1
        }
        return last
    }

    /// The state `mailsim run` of the script ends in.
    func replayed(_ script: String) throws -> (passed: Bool, state: JSON) {
        var session = Session()
        let report = ScriptRunner.run(Array(script.utf8), file: "playground.mbs", session: &session)
        guard case .json(let machine)? = try session.execute(.line("state --json")).report else {
            return (false, .null)
        }
        return (report.passed, try JSON.parse(JSONRenderer.value(machine).text, maxDepth: 64))
    }

    /// A finger's drag as a phone reports it: pixels mapped onto points (a 390 px screen over 320 pt: 0.8205… pt a
    /// pixel), stamped at 60 Hz.
    func fingerDrag(_ p: inout PlaygroundSession, pixels: [Double], start t0: Double) -> Double {
        let scale = 320.0 / 390
        let x0 = 300.0
        _ = pointer(&p, "down", x0, t0)
        var t = t0
        for (k, px) in pixels.enumerated() {
            t = t0 + Double(k + 1) * 1000 / 60
            _ = pointer(&p, "move", x0 + px * scale, t)
        }
        t += 1000.0 / 60
        _ = pointer(&p, "up", x0 + (pixels.last ?? 0) * scale, t)
        return t
    }

    @Test func aFingersDragIsWrittenInHalfPointsWholeMillisecondsAndAWholeVelocity() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let end = fingerDrag(&p, pixels: [-7, -19, -37, -58, -83, -109, -137, -166, -196], start: 1000)
        let replies = settle(&p, from: end)
        let written = lines(p)
        #expect(
            written == [
                "pan msg1 -5.5 in 0.017",
                "pan msg1 -15.5 in 0.016",
                "pan msg1 -30.5 in 0.017",
                "pan msg1 -47.5 in 0.017",
                "pan msg1 -89.5 in 0.033",
                "pan msg1 -112.5 in 0.017",
                "pan msg1 -161 in 0.033",
                "release -1471",
                "advance 0.6"
            ], "\(written)")
        for line in written {
            let words = line.split(separator: " ")
            if line.hasPrefix("pan ") {
                let dx = try #require(Double(words[2]))
                #expect((dx * 2).rounded() == dx * 2, "\(line): a translation in half points")
                let seconds = try #require(Double(words[4]))
                #expect((seconds * 1000).rounded() == (seconds * 1000 * 1e6).rounded() / 1e6, "\(line): whole ms")
            } else if line.hasPrefix("release ") {
                let v = try #require(Double(words[1]))
                #expect(v.rounded() == v, "\(line): a velocity in whole points a second")
            }
        }
        let (passed, replayedState) = try replayed(p.script.text())
        #expect(passed)
        #expect(replayedState == state(replies))
    }

    @Test func ticksAtSixtyHertzAdvanceInWholeMillisecondsAndTheScriptReplays() throws {
        var p = PlaygroundSession.watching(start: .empty)
        let end = fingerDrag(&p, pixels: [8, 21, 40, 66, 97, 131, 168], start: 500)
        let before = p.phones[0].screen.now
        // Three ticks: 50 ms of the page's clock, written as 50 ms (not 0.050001).
        for k in 1...3 { _ = send(&p, "tick", [("t", .number(end + Double(k) * 1000 / 60))]) }
        #expect(lines(p).last == "advance 0.05")
        #expect(p.phones[0].screen.now - before == Ticks.milliseconds(50))
        // A tenth of the speed: 1.666… ms a tick, the line amended to the nearest whole millisecond of the sum.
        _ = send(&p, "speed", [("value", .number(0.1))])
        var t = end + 3 * 1000 / 60
        for _ in 1...4 {
            t += 1000.0 / 60
            _ = send(&p, "tick", [("t", .number(t))])
        }
        #expect(lines(p).last == "advance 0.057")
        _ = send(&p, "speed", [("value", .number(1))])
        let replies = settle(&p, from: t)
        for line in lines(p) where line.hasPrefix("advance ") {
            let seconds = try #require(Double(line.dropFirst("advance ".count)))
            #expect((seconds * 1000).rounded() == (seconds * 1000 * 1e6).rounded() / 1e6, "\(line): whole ms")
        }
        let (passed, replayedState) = try replayed(p.script.text())
        #expect(passed)
        #expect(replayedState == state(replies))
    }
}
