import MailboxJSON
import MailboxPlayground
import MailboxWalkthrough
import Testing

/// Recording a session (docs/playground.md, "Recording in the page"): the `record` line read against the script (its
/// range, scale and speed, refusals that change nothing), and `PlaygroundRecording` of a range of lines.
@Suite struct PlaygroundRecordTests {
    let never: @Sendable () -> Bool = { false }

    func line(_ p: inout PlaygroundSession, _ text: String) -> [JSON] {
        p.receive(JSON.object([("type", .string("line")), ("text", .string(text))]).text, isCancelled: never)
            .map { try! JSON.parse($0, maxDepth: 64) }
    }

    /// A session of `n` lines.
    func session(lines n: Int) -> PlaygroundSession {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        for _ in 0..<n { _ = line(&p, "advance 0.1") }
        #expect(p.script.count == n)
        return p
    }

    @Test func aRecordLineAsksThePageToRecord() throws {
        var p = session(lines: 6)
        let cases: [(String, [(String, JSON)])] = [
            ("record", [("first", .int(1)), ("last", .null), ("scale", .int(2)), ("speed", .number(1))]),
            ("record 3-5", [("first", .int(3)), ("last", .int(5)), ("scale", .int(2)), ("speed", .number(1))]),
            ("record 4", [("first", .int(4)), ("last", .int(4)), ("scale", .int(2)), ("speed", .number(1))]),
            ("record 2- --scale 1", [("first", .int(2)), ("last", .null), ("scale", .int(1)), ("speed", .number(1))]),
            (
                "record -3 --speed 0.25",
                [("first", .int(1)), ("last", .int(3)), ("scale", .int(2)), ("speed", .number(0.25))]
            )
        ]
        for (text, fields) in cases {
            // The screen as every line's answer, and the `record` message.
            let answers = line(&p, text).filter { $0["type"] != .string("screen") }
            #expect(answers.map { $0.text } == [JSON.object([("type", .string("record"))] + fields).text], "\(text)")
        }
        #expect(p.script.count == 6, "a record line is not a line of the script")
    }

    @Test func aRecordLineThatDoesNotReadIsRefusedWithWords() {
        var p = session(lines: 3)
        let cases = [
            ("record 2-9", "record: the script has 3 lines: line 9 is past its end"),
            ("record 5", "record: the script has 3 lines: line 5 is past its end"),
            ("record 3-2", "record: '3-2': the last line is before the first"),
            ("record 0", "record: '0' is not a range of lines (lines are numbered from 1)"),
            ("record x", "record: 'x' is not a range of lines (lines are numbered from 1)"),
            ("record 1-2 3", "record: one range of lines at most; usage: " + RecordRequest.usage),
            ("record --scale 5", "record: --scale must be a whole number from 1 to 4, not '5'"),
            ("record --speed 0", "record: --speed must be from 0.01 to 100, not '0'"),
            ("record --speed nan", "record: --speed must be from 0.01 to 100, not 'nan'"),
            (
                "record --scal 2",
                "record: unknown option '--scal' (did you mean '--scale'?); usage: " + RecordRequest.usage
            ),
            ("record --speed", "record: --speed needs a value")
        ]
        for (text, message) in cases {
            let answers = line(&p, text).filter { $0["type"] != .string("screen") }
            #expect(answers.count == 1 && answers[0]["type"] == .string("error"), "\(text)")
            #expect(answers.first?["message"] == .string("error: " + message), "\(text)")
            #expect(p.script.count == 3)
        }
    }

    @Test func aRangeIsRecordedFromTheScreenItsFirstLineStartsFrom() throws {
        let script = "advance 0.5\npan msg1 120 in 0.2\nrelease\nadvance 0.5\n"
        let whole = try PlaygroundRecording.walkthrough(script).get()
        let part = try PlaygroundRecording.walkthrough(script, from: 2, through: 3).get()
        // 1.2 s in all (frames 0 … 36); 0.5 s before line 2; lines 2–3 take 0.2 s: frames 0 … 6, the last the release's.
        #expect(whole.frames.count == 37)
        #expect(part.frames.count == 7)
        #expect(part.lines.map { $0.number } == [2, 3])
        #expect(part.frames.first?.line == 2)
        let one = try PlaygroundRecording.walkthrough(script, from: 2, through: 2).get()
        #expect(one.frames.count == 7, "a pan left down ends the walkthrough of its line, not an error")
        #expect(one.report.exitCode == 0)
    }

    @Test func aRangeNotOfTheScriptIsRefused() {
        let script = "advance 0.5\nadvance 0.5\n"
        #expect(
            PlaygroundRecording.walkthrough(script, from: 3).failureMessage
                == "the script has 2 lines: line 3 is past its end")
        #expect(
            PlaygroundRecording.walkthrough(script, from: 2, through: 1).failureMessage == "line 1 is before line 2")
        #expect(PlaygroundRecording.walkthrough(script, from: 0).failureMessage == "lines are numbered from 1")
        #expect(
            PlaygroundRecording.walkthrough("nosuch 1\nadvance 1\n", from: 2).failureMessage?.hasSuffix(
                "(before line 2, where the walkthrough starts)") == true)
    }
}

extension Result where Failure == PlaygroundExportError {
    var failureMessage: String? {
        if case .failure(let error) = self { error.message } else { nil }
    }
}
