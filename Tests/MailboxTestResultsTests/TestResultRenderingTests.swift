import Foundation
import MailboxAnimation
import MailboxReports
import MailboxSim
import MailboxTestResults
import MailboxText
import Testing

@testable import MailboxScript

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `mailsim test`'s renderings of results, read back by real parsers where there is one.
@Suite struct TestResultRenderingTests {
    /// A script run from `text` with contexts kept, as `mailsim test` runs it.
    private func result(_ text: String, file: String = "dir/a.mbs", seconds: Double = 0.0125) -> ScriptResult {
        var session = Session()
        var sink = ReportingSink(file: file, output: NoOutput())
        sink.keepsContext = true
        var runner = LineRunner(file: file, sink: sink)
        Array(text.utf8).withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        return ScriptResult(report: runner.sink.report, seconds: seconds)
    }

    private let failing =
        "pan msg1 -180\nexpect msg1.x == -170\nexpect msg1.background == yellow\nrelease\nexpect msg1.icon == list\n"

    @Test func textListsEveryProblemWithTheCount() {
        let lines = TestText.lines(result(failing), verbose: false).map(\.text)
        #expect(
            lines == [
                "FAIL  dir/a.mbs: 2 of 3 checks failed",
                "  dir/a.mbs:2: expected msg1.x == -170, got -180",
                "  dir/a.mbs:5: expected msg1.icon == list, got later"
            ])
        #expect(
            TestText.lines(result("expect time == 0\n"), verbose: false).map(\.text) == ["PASS  dir/a.mbs (1 check)"])
        #expect(
            TestText.lines(result("expect time == 0\nexpect gesture == none\n"), verbose: true).map(\.text)
                == ["PASS  dir/a.mbs (2 checks, 0.013 s)"])
        let stopped = TestText.lines(result("expect time == 1\npna msg1 3\n"), verbose: false).map(\.text)
        #expect(
            stopped == [
                "FAIL  dir/a.mbs: 1 of 1 check failed, then stopped by an error at line 2",
                "  dir/a.mbs:1: expected time == 1, got 0",
                "  dir/a.mbs:2: error: unknown command 'pna' (did you mean 'pan'?)"
            ])
    }

    /// `--verbose`: under a failure, the screen there as `render` draws it and the timeline just before.
    @Test func verboseShowsTheScreenAndTimelineAtAFailure() {
        let lines = TestText.lines(result(failing), verbose: true).map(\.text)
        let first = lines.firstIndex(of: "  dir/a.mbs:2: expected msg1.x == -170, got -180")!
        #expect(lines[first + 1] == "    the screen at 0.3 s:")
        #expect(lines[(first + 1)...].contains { $0.contains("msg1") && $0.contains("x -180 yellow later") })
        #expect(lines.contains("    the last 2 timeline entries:"))
        #expect(lines.contains { $0.hasSuffix("0.100  msg1 threshold crossed at x -60: gray later → yellow later") })
    }

    @Test func jsonLinesReadBackWithTypedValues() throws {
        let line = TestJSON.line(result(failing))
        #expect(!line.contains("\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["path"] as? String == "dir/a.mbs")
        #expect(object["status"] as? String == "fail")
        #expect(object["checks"] as? Int == 3)
        #expect(object["time"] as? Double == 0.0125)
        let failures = try #require(object["failures"] as? [[String: Any]])
        #expect(failures.count == 2)
        #expect(failures[0]["line"] as? Int == 2)
        #expect(failures[0]["path"] as? String == "msg1.x")
        #expect(failures[0]["op"] as? String == "==")
        #expect(failures[0]["expected"] as? Double == -170)
        #expect(failures[0]["actual"] as? Double == -180)
        #expect(failures[1]["actual"] as? String == "later")
        #expect(object["error"] is NSNull)
        let colour = TestJSON.line(result("expect msg1.background == yellow\n"))
        #expect(colour.contains(##""expected":"#FECA16","actual":"#B2B2B2""##))
    }

    @Test func tapHasAPlanALineAScriptAndAYAMLBlock() {
        let lines =
            TAPRenderer.header(count: 2) + TAPRenderer.lines(result(failing), number: 1)
            + TAPRenderer.lines(result("expect time == 0\n", file: "b #1.mbs"), number: 2)
        #expect(lines[0] == "TAP version 13")
        #expect(lines[1] == "1..2")
        #expect(lines[2] == "not ok 1 - dir/a.mbs")
        #expect(lines[3] == "  ---" && lines.contains("  ..."))
        #expect(lines.contains(#"  message: "2 of 3 checks failed""#))
        #expect(lines.contains("    - line: 2"))
        #expect(lines.last == "ok 2 - b \\#1.mbs")
        #expect(
            TAPRenderer.lines(ScriptResult(skipped: "c.mbs", reason: "not run"), number: 3) == [
                "ok 3 - c.mbs # SKIP not run"
            ])
    }

    /// Markup in paths and messages is escaped; a problem's text carries the screen at that instant.
    @Test func junitEscapesAndCarriesTheContext() throws {
        let xml = JUnitRenderer.document([
            result(failing, file: "a&b/\"q\"<x>.mbs"), result("expect time == 0\n", file: "ok.mbs")
        ])
        #expect(xml.contains(#"<testcase name="a&amp;b/&quot;q&quot;&lt;x&gt;.mbs" classname="a&amp;b" time="0.013">"#))
        #expect(xml.contains(#"<testsuite name="mailsim" tests="2" failures="1" errors="0" skipped="0" time="0.025">"#))
        #expect(
            xml.contains(
                #"<failure message="a&amp;b/&quot;q&quot;&lt;x&gt;.mbs:2: expected msg1.x == -170, got -180""#
                    + #" type="expectation">"#
            ))
        #expect(xml.contains("the screen at 0.3 s:"))
        #expect(xml.contains(#"<testcase name="ok.mbs" classname="." time="0.013"/>"#))
        let parser = XMLParser(data: Data(xml.utf8))
        #expect(parser.parse(), "well-formed XML")
    }
}
