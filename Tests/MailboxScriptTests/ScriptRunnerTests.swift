import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §6: a failed `expect` is reported as `FILE:LINE: expected PATH OP VALUE, got ACTUAL` and the script
/// goes on; an error is reported as `FILE:LINE: error: …` and stops it; exit codes 0, 1, 2.
@Suite struct ScriptRunnerTests {
    struct Run {
        let report: RunReport
        /// Everything emitted, in order, tagged: `out`, `trace`, `excused`, `diag`.
        let emitted: [String]
        let session: Session

        var diagnostics: [String] { emitted.filter { $0.hasPrefix("diag ") }.map { String($0.dropFirst(5)) } }
        var output: [String] { emitted.filter { $0.hasPrefix("out ") }.map { String($0.dropFirst(4)) } }
    }

    static func run(_ text: String, file: String = "t.mbs") -> Run { run(Array(text.utf8), file: file) }

    static func run(_ bytes: [UInt8], file: String = "t.mbs") -> Run {
        var session = Session()
        var emitted: [String] = []
        let report = ScriptRunner.run(bytes, file: file, session: &session) { output in
            switch output {
            case .report(let report): emitted += TextRenderer.lines(report).map { "out " + $0 }
            case .screenReset: break
            case .trace(let entry): emitted.append("trace " + TimelineText.line(entry))
            case .diagnostic(let diagnostic):
                if case .refusedAsExpected = diagnostic.kind {
                    emitted.append("excused " + diagnostic.text)
                } else {
                    emitted.append("diag " + diagnostic.text)
                }
            }
        }
        return Run(report: report, emitted: emitted, session: session)
    }

    // MARK: Byte-order mark and C1 controls

    @Test func aByteOrderMarkAtTheStartIsIgnored() {
        let run = Self.run([0xEF, 0xBB, 0xBF] + Array("advance 0.3\nexpect time == 0.3\n".utf8))
        #expect(run.report.exitCode == 0)
        #expect(run.report.checks == 1)
    }

    @Test func aByteOrderMarkLaterIsNotIgnored() {
        let run = Self.run(Array("advance 0.3\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("advance 0.3\n".utf8))
        #expect(run.report.exitCode == 2)
        #expect(run.report.error?.text == "t.mbs:2: error: invisible character U+FEFF at column 1")
    }

    @Test func aC1ControlCharacterIsRefusedWithItsColumn() {
        let run = Self.run("advance\u{9B}1\n")
        #expect(run.report.error?.text == "t.mbs:1: error: control character U+009B at column 8")
    }

    // MARK: Passing

    @Test func aPassingScriptExitsZero() {
        let run = Self.run(
            """
            # swipe msg1 left past 60
            pan msg1 -180
            expect msg1.background == yellow
            expect msg1.x == -180
            release
            settle
            expect overlay == reschedule
            expect time == 0.9
            """)
        #expect(run.report.exitCode == 0 && run.report.passed)
        #expect(run.report.checks == 4 && run.report.failures.isEmpty && run.report.error?.text == nil)
        #expect(run.diagnostics.isEmpty)
    }

    // MARK: Failed expectations

    /// A failure is data: the file, the line, the expectation as parsed and the value the screen had.
    @Test func aFailureCarriesItsValues() throws {
        let run = Self.run("pan msg1 -255.7\npan msg1 59.99999999999999\nexpect msg1.x == 60 within 0\nrelease\n")
        let failure = try #require(run.report.failures.first)
        #expect(failure.file == "t.mbs" && failure.line == 3 && !failure.isError)
        guard case let .failed(.expectation(expectation, actual)) = failure.kind else {
            Issue.record("not an expectation: \(failure.kind)")
            return
        }
        #expect(expectation.path == .message(m1, .x) && expectation.comparison == .equal)
        #expect(expectation.expected == .number(60) && expectation.tolerance == 0)
        #expect(actual == .number(59.99999999999999))
        // SPEC §6: two different values never print the same.
        #expect(failure.text == "t.mbs:3: expected msg1.x == 60 within 0, got 59.99999999999999")
    }

    @Test func aFailedExpectIsReportedAndTheScriptGoesOn() {
        let run = Self.run(
            """
            pan msg1 -180
            expect msg1.x == -100
            expect msg1.background == green
            expect msg1.icon != later
            expect msg1.x == -180
            advance 0.5
            expect time == 0.8
            release
            """, file: "Scripts/swipe.mbs")
        #expect(
            run.report.failures.map(\.text) == [
                "Scripts/swipe.mbs:2: expected msg1.x == -100, got -180",
                "Scripts/swipe.mbs:3: expected msg1.background == green, got yellow #FECA16",
                "Scripts/swipe.mbs:4: expected msg1.icon != later, got later"
            ])
        #expect(run.diagnostics == run.report.failures.map(\.text))
        #expect(run.report.checks == 5)
        #expect(run.report.exitCode == 1 && !run.report.passed)
        // The lines after the failures ran.
        #expect(run.session.screen.now == ms(800))
        #expect(run.report.firstProblem?.text == "Scripts/swipe.mbs:2: expected msg1.x == -100, got -180")
    }

    @Test func failureMessagesShowSixDecimalsAndTheToleranceAsWritten() {
        let run = Self.run(
            """
            pan msg1 -100 in 0.3
            release
            advance 0.15
            expect msg1.x == -200 within 0.5
            expect msg1.x == -210.0004
            expect msg1.x == -210.002
            """)
        #expect(
            run.report.failures.map(\.text) == [
                "t.mbs:4: expected msg1.x == -200 within 0.5, got -210",
                "t.mbs:6: expected msg1.x == -210.002, got -210"
            ])
    }

    @Test func numericEqualityIsWithinAThousandthUnlessToldOtherwise() {
        let run = Self.run(
            """
            advance 0.3
            advance 0.3
            advance 0.3
            expect time == 0.9 within 0
            expect time == 0.9009
            expect time != 0.9011
            expect time == 0.9011
            expect time == 0.95 within 0.05
            expect time != 0.95 within 0.01
            """)
        #expect(run.report.failures.map(\.text) == ["t.mbs:7: expected time == 0.9011, got 0.9"])
    }

    // MARK: Errors

    @Test func anErrorStopsTheScriptWithExitCodeTwo() {
        let run = Self.run(
            """
            advance 0.1
            pna msg1 -100
            advance 0.1
            expect time == 5
            """)
        #expect(run.report.error?.text == "t.mbs:2: error: unknown command 'pna' (did you mean 'pan'?)")
        #expect(run.diagnostics == ["t.mbs:2: error: unknown command 'pna' (did you mean 'pan'?)"])
        #expect(run.report.exitCode == 2)
        #expect(run.session.screen.now == ms(100))
        #expect(run.report.checks == 0)
    }

    @Test(arguments: [
        ("release", "t.mbs:1: error: no finger is down (nothing to release)"),
        ("choose tomorrow", "t.mbs:1: error: no options overlay is up (swipe a message left past 60 first)"),
        ("tap", "t.mbs:1: error: nothing is up to dismiss (a bare tap dismisses an options overlay)"),
        ("tap undo", "t.mbs:1: error: cannot tap undo: no undo alert is up (shake first)"),
        ("pan msg9 -10", "t.mbs:1: error: no message msg9: the inbox was made with 5 (msg1 … msg5)"),
        ("expect msg9.x == 0", "t.mbs:1: error: no message msg9: the inbox was made with 5 (msg1 … msg5)"),
        ("reset 501", "t.mbs:1: error: reset: N must be a whole number from 1 to 500 (got '501')"),
        ("set fps 0", "t.mbs:1: error: set fps: N must be a whole number from 1 to 240 (got '0')"),
        ("advance -1", "t.mbs:1: error: advance: a duration cannot be negative (got -1)"),
        ("save x.mbs", "t.mbs:1: error: save works at the REPL prompt only")
    ])
    func refusalsAreErrors(_ line: String, _ diagnostic: String) {
        let run = Self.run(line + "\nadvance 1\n")
        #expect(run.report.error?.text == diagnostic)
        #expect(run.report.exitCode == 2)
        #expect(run.session.screen.now == .zero)
    }

    @Test func unknownTimelineTargetIsAnError() {
        let run = Self.run("timeline mgs1\nadvance 1\n")
        #expect(run.report.error?.text.hasPrefix("t.mbs:1: error: unknown timeline target 'mgs1'") == true)
        #expect(run.report.exitCode == 2 && run.session.screen.now == .zero)
        // A message the screen was not made with is told as `show` tells it: what exists.
        let missing = Self.run("timeline msg99\nadvance 1\n")
        #expect(
            missing.report.error?.text == "t.mbs:1: error: no message msg99: the inbox was made with 5 (msg1 … msg5)")
        #expect(missing.report.exitCode == 2 && missing.session.screen.now == .zero)
    }

    @Test func anErrorAfterAFailureStillExitsTwo() {
        let run = Self.run("expect time == 1\nrelease\n")
        #expect(run.report.failures.map(\.text) == ["t.mbs:1: expected time == 1, got 0"])
        #expect(run.report.error?.text == "t.mbs:2: error: no finger is down (nothing to release)")
        #expect(run.report.exitCode == 2)
        #expect(
            run.diagnostics == [
                "t.mbs:1: expected time == 1, got 0", "t.mbs:2: error: no finger is down (nothing to release)"
            ])
    }

    @Test func theClockOverflowIsAnError() {
        let run = Self.run(String(repeating: "advance 1000000000\n", count: 10) + "expect time == 0\n")
        #expect(run.report.error?.text == "t.mbs:10: error: the clock cannot run past 9223372036.854775807 seconds")
        #expect(run.session.screen.now == sec(9_000_000_000))
    }

    // MARK: `!`

    @Test func bangTurnsARefusalIntoSuccess() {
        let run = Self.run(
            """
            ! release
            ! choose tomorrow
            !tap
            ! reset 0
            ! pan msg1
            ! frobnicate
            ! pan msg6 -100
            expect time == 0
            """)
        #expect(run.report.exitCode == 0)
        #expect(run.report.checks == 8 && run.report.failures.isEmpty)
        #expect(run.emitted.contains("excused t.mbs:1: refused as expected: no finger is down (nothing to release)"))
        #expect(run.emitted.contains("excused t.mbs:6: refused as expected: unknown command 'frobnicate'"))
    }

    @Test func aBangWhoseCommandSucceedsIsAFailedExpectation() {
        let run = Self.run(
            """
            ! advance 1
            pan msg1 -180
            ! release
            expect gesture == none
            """)
        #expect(run.report.failures.count == 2)
        #expect(run.report.failures.first?.text.hasPrefix("t.mbs:1: expected") == true)
        #expect(run.report.failures.first?.text.contains("advance 1") == true)
        #expect(run.report.failures.last?.text.hasPrefix("t.mbs:3: ") == true)
        #expect(run.report.exitCode == 1 && run.report.error == nil)
        #expect(run.report.checks == 3)
    }

    @Test func aRefusedCommandUnderBangChangesNothing() {
        let run = Self.run(
            """
            pan msg1 -100
            release
            settle
            ! pan msg2 -100
            ! tap compose
            ! choose someday-maybe
            expect overlay == reschedule
            expect msg2.x == 0
            expect gesture == none
            expect compose == hidden
            expect time == 0.9
            """)
        #expect(run.report.exitCode == 0)
        #expect(run.report.failures.isEmpty)
    }

    // MARK: Bytes

    @Test func crlfLinesReadLikeLfLines() {
        let lf = Self.run("pan msg1 -100\nrelease\nadvance 1\nexpect overlay == reschedule\nexpect time == 1.3\n")
        let crlf = Self.run(
            "pan msg1 -100\r\nrelease\r\nadvance 1\r\nexpect overlay == reschedule\r\nexpect time == 1.3\r\n")
        #expect(crlf.report.exitCode == 0 && crlf.report.checks == 2)
        #expect(crlf.emitted == lf.emitted)
        // A failure on a CRLF line names the right line and carries no CR.
        let failing = Self.run("advance 1\r\nexpect time == 2\r\n")
        #expect(failing.report.failures.map(\.text) == ["t.mbs:2: expected time == 2, got 1"])
    }

    @Test func aLastLineWithoutNewlineRuns() {
        let run = Self.run("advance 2\nexpect time == 3")
        #expect(run.report.failures.map(\.text) == ["t.mbs:2: expected time == 3, got 2"])
    }

    @Test func invalidUtf8IsAnError() {
        let run = Self.run(
            Array("advance 1\n".utf8) + [0x74, 0x79, 0x70, 0x65, 0x20, 0xFF, 0x0A] + Array("advance 1\n".utf8))
        #expect(run.report.error?.text == "t.mbs:2: error: invalid UTF-8 at byte 6")
        #expect(run.report.exitCode == 2)
        #expect(run.session.screen.now == sec(1))
        let truncated = Self.run([0x23, 0x20, 0xE2, 0x82])  // "# " and half a "€"
        #expect(truncated.report.error?.text == "t.mbs:1: error: invalid UTF-8 at byte 3")
    }

    @Test func aNulByteIsAnError() {
        let run = Self.run(Array("advance 1\nadvance".utf8) + [0] + Array(" 1\nadvance 1\n".utf8))
        #expect(run.report.error?.text == "t.mbs:2: error: control character U+0000 at column 8")
        #expect(run.report.exitCode == 2)
        #expect(run.session.screen.now == sec(1))
    }

    @Test func anEmptyScriptPasses() {
        let run = Self.run("")
        #expect(run.report.exitCode == 0 && run.report.checks == 0 && run.emitted.isEmpty)
    }

    @Test func quitEndsTheScript() {
        let run = Self.run("advance 1\nquit\nfrobnicate\n")
        #expect(run.report.exitCode == 0 && run.session.screen.now == sec(1))
    }

    // MARK: Determinism and cost

    static let tour = """
        set fps 30
        pan msg1 -180 in 0.4
        timeline msg1
        release
        advance 0.15
        state
        show msg1
        colors
        render
        settle
        choose next-week
        advance 0.45
        render
        pan msg2 300
        release 1200
        settle
        state
        timeline
        show overlay
        """

    @Test func theSameScriptPrintsTheSameTwice() {
        let first = Self.run(Self.tour)
        let second = Self.run(Self.tour)
        #expect(first.report.exitCode == 0)
        #expect(first.output.count > 40)
        #expect(first.emitted == second.emitted)
    }

    @Test func aGigasecondAdvanceReturnsAtOnce() {
        let clock = ContinuousClock()
        var run: Run?
        let elapsed = clock.measure {
            run = Self.run(
                """
                pan msg1 -100
                release
                advance 1000000000
                expect time == 1000000000.3
                expect overlay == reschedule
                expect overlay.alpha == 1
                tap
                advance 1000000000
                advance 1000000000
                expect msg1.folder == later
                settle
                """)
        }
        #expect(run?.report.exitCode == 0)
        #expect(run?.report.failures.isEmpty == true)
        #expect(run?.session.screen.now == Ticks(nanoseconds: 3_000_000_000_300_000_000))
        #expect(elapsed < .seconds(1))
    }

    @Test func settleAdvancesToTheEndOfTheLastFollowUp() {
        let run = Self.run(
            """
            pan msg1 100
            release
            settle
            expect time == 0.9
            expect msg1.folder == archive
            expect animating == false
            settle
            expect time == 0.9
            """)
        #expect(run.report.exitCode == 0)
    }
}

/// `LineSplitter` cuts lines the same whatever pieces the bytes come in (as a file is read), and stops at a line
/// it cannot read.
@Suite struct ScriptLinesTests {
    static let text = Array("\u{FEFF}pan msg1 -10\r\nrelease\n\n# a comment\r\nsettle".utf8)

    @Test func theLines() {
        #expect(
            LineSplitter.lines(of: Self.text) == [
                .text("pan msg1 -10"), .text("release"), .text(""),
                .text("# a comment"), .text("settle")
            ])
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func anyPiecesReadTheSame(size: Int) {
        var reader = LineSplitter()
        var lines: [LineSplitter.Line] = []
        let collect = { (_: Int, line: LineSplitter.Line) -> Bool in
            lines.append(line)
            return true
        }
        var start = 0
        while start < Self.text.count {
            let piece = Array(Self.text[start..<min(start + size, Self.text.count)])
            piece.withUnsafeBufferPointer { _ = reader.feed($0, collect) }
            start += size
        }
        reader.finish(collect)
        #expect(lines == LineSplitter.lines(of: Self.text))
    }

    @Test func anUnreadableLineStopsTheReading() {
        #expect(
            LineSplitter.lines(of: Array("advance 1\n".utf8) + [0x61, 0xFF, 0x0A] + Array("settle\n".utf8))
                == [.text("advance 1"), .invalidUTF8(byte: 2)])
    }
}
