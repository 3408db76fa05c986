import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Bugs the bad-input catalogue, the fuzzer and the property tests found, each pinned here so it stays fixed.
@Suite struct RobustnessRegressionTests {
    static func parseError(_ line: String) -> String? {
        do {
            _ = try Parser.parse(line[...])
            return nil
        } catch { return error.message }
    }

    /// Runs `text` as a script on a fresh screen; returns the report and the session after it.
    static func run(_ text: String) -> (report: RunReport, session: Session, diagnostics: [String]) {
        var session = Session()
        var diagnostics: [String] = []
        let report = ScriptRunner.run(Array(text.utf8), file: "t.mbs", session: &session) { output in
            if case .diagnostic(let diagnostic) = output, diagnostic.kind.isProblem {
                diagnostics.append(diagnostic.text)
            }
        }
        return (report, session, diagnostics)
    }

    /// `!` after `!` is refused at once. It used to recurse once per `!` (a line of a thousand `!` overflowed
    /// the stack and crashed), and an even number of them (`!!`, `! !`) passed as a check.
    @Test(arguments: [
        "! !", "!!", "! !!", "!! release", "! ! release", "!!!!!!!!!!", "!!!!!!!!!!!",
        String(repeating: "!", count: 100_000), String(repeating: "! ", count: 100_000) + "release"
    ])
    func bangAfterBangIsRefused(_ line: String) {
        #expect(Self.parseError(line) == "'! !' is not allowed")
        let run = Self.run(line + "\n")
        #expect(run.report.exitCode == 2)
        #expect(run.diagnostics == ["t.mbs:1: error: '! !' is not allowed"])
    }
}

extension RobustnessRegressionTests {
    /// An animation that starts less than its duration before the end of the clock's range ends at that end.
    /// Its end used to overflow and trap (a crash) in `settle` or the next `advance`.
    @Test func animationsNearTheEndOfTimeEndWithIt() {
        let nearTheEnd = String(repeating: "advance 1000000000\n", count: 9) + "advance 223372036.7\n"
        let run = Self.run(
            nearTheEnd + """
                pan msg1 100 in 0
                release
                settle
                expect msg1.folder == archive
                expect animating == false
                expect time == 9223372036.854776
                ! advance 0.000000001
                tap menu
                settle
                expect menu == open
                """)
        #expect(run.diagnostics == [])
        #expect(run.report.passed)
        #expect(run.session.screen.now == .max)
    }

    @Test func anAnimationPastTheClocksRangeEndsAtItsEnd() {
        var animator = Animator<String, Int>()
        let near = Ticks(nanoseconds: .max - 5)
        animator.start("x", from: .scalar(0), to: .scalar(1), at: near, duration: ms(300), curve: .easeInOut)
        #expect(animator.nextEnd == .max)
        #expect(animator.takeCompleted(by: .max).count == 1)
    }
}

extension RobustnessRegressionTests {
    /// `fixedSeconds` (timeline lines, the REPL prompt) overflowed and trapped in the last half millisecond of
    /// the clock's range.
    @Test func theLastInstantsPrintWithThreeDecimals() {
        #expect(Ticks.max.fixedSeconds == "9223372036.855")
        #expect(Ticks(nanoseconds: .max - 275_807).fixedSeconds == "9223372036.855")
        #expect(Ticks(nanoseconds: .min).fixedSeconds == "-9223372036.855")
    }

    /// Every report works at the end of time, with a gesture and its follow-ups squeezed into its last instant.
    @Test func everyReportWorksAtTheEndOfTime() {
        let nearTheEnd = String(repeating: "advance 1000000000\n", count: 9) + "advance 223372036.7\n"
        let run = Self.run(
            nearTheEnd + """
                pan msg1 -100 in 0
                release
                settle
                tap
                settle
                shake
                tap undo
                settle
                state
                timeline
                timeline msg1
                render
                colors
                show msg1
                expect msg1.folder == inbox
                expect msg1.x == 0
                expect msg1.height == 86
                expect time == 9223372036.854776
                """)
        #expect(run.diagnostics == [])
        #expect(run.report.passed)
    }
}

extension RobustnessRegressionTests {
    /// An unknown option is quoted and cut like every other word in an error; a 1 MiB word used to be
    /// printed whole on one line of standard error.
    @Test func anUnknownOptionIsQuotedAndCut() {
        let long = String(repeating: "x", count: 1 << 20)
        let run = Self.run("pan msg1 -100\nrelease\nsettle\nchoose \(long)\n")
        let cut = String(repeating: "x", count: 40)
        #expect(
            run.diagnostics == [
                "t.mbs:4: error: unknown option '\(cut)…' on the reschedule options; they offer later-today, "
                    + "this-evening, tomorrow, this-weekend, next-week, in-a-month, someday"
            ])
        let typo = Self.run("pan msg1 -100\nrelease\nsettle\nchoose tomorow\n")
        #expect(
            typo.diagnostics == [
                """
                t.mbs:4: error: unknown option 'tomorow' on the reschedule options (did you mean 'tomorrow'?); \
                they offer later-today, this-evening, tomorrow, this-weekend, next-week, in-a-month, someday
                """
            ])
    }
}

extension RobustnessRegressionTests {
    /// Errors escape the spaces a reader cannot tell from a plain one: a no-break space, an ideographic space
    /// used to print as they are (`'10 ' is not a number`). (Format characters and separators are refused by the
    /// lexer.)
    @Test(arguments: [
        ("pan msg1 10\u{A0}", "'10\\u{A0}' is not a number"),
        ("pan msg1 10\u{3000}", "'10\\u{3000}' is not a number"),
        ("pan msg1\u{2009}10", "unknown target 'msg1\\u{2009}10': pan takes msgN or content"),
        ("pan msg1 10\u{200B}", "invisible character U+200B at column 12"),
        // Visible non-ASCII stays as it is.
        ("pän msg1 10", "unknown command 'pän'"),
        ("pan msg１ 10", "unknown target 'msg１': pan takes msgN or content")
    ])
    func invisibleCharactersAreEscapedInErrors(_ line: String, _ message: String) {
        #expect(Self.parseError(line) == message)
    }
}

extension RobustnessRegressionTests {
    /// Duration limits are checked on the exact ticks: `advance 1000000000.000000001` (1 ns past the limit) used
    /// to pass, its Double rounding down to the limit.
    @Test(arguments: [
        ("advance 1000000000.000000001", "advance: S '1000000000.000000001' is out of range (0…1000000000 seconds)"),
        ("wait 1000000000.0000000006", "advance: S '1000000000.0000000006' is out of range (0…1000000000 seconds)"),
        ("pan msg1 10 in 3600.000000001", "pan: S '3600.000000001' is out of range (0…3600 seconds)"),
        ("edgepan 10 in 3600.0000000005", "edgepan: S '3600.0000000005' is out of range (0…3600 seconds)")
    ])
    func durationsJustPastTheLimitAreRefused(_ line: String, _ message: String) {
        #expect(Self.parseError(line) == message)
    }

    /// The limits themselves, and what rounds to them at the nanosecond, are accepted.
    @Test(arguments: [
        "advance 1000000000", "advance 1000000000.0000000004", "pan msg1 10 in 3600",
        "pan msg1 10 in 3600.000000000", "advance 0.0000000004"
    ])
    func theLimitsThemselvesAreAccepted(_ line: String) {
        #expect(Self.parseError(line) == nil)
    }
}

extension RobustnessRegressionTests {
    /// A row coming back from an undo is grabbed like any animating row (SPEC §3): its x animation stops where it
    /// is on screen and its height keeps opening. It used to be refused until it was in place.
    @Test func aReturningRowCanBeGrabbed() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.send(.panChanged(translation: 100))
        try state.send(.released(velocity: nil))
        try state.advance(to: ms(600))
        try state.send(.shaken)
        try state.send(.tapped(.undo))
        try state.advance(to: ms(750))
        // Half way through 0.3 s of easeInOut: x 320 → 0 is at 160, the height 0 → 86 at 43.
        #expect(abs(state.x(of: m1) - 160) < 1e-9)
        try state.send(.panBegan(.message(m1)))
        #expect(abs(state.x(of: m1) - 160) < 1e-9)
        #expect(!state.animator.isAnimating(PropertyKey(.row(m1), .x)))
        try state.advance(to: ms(900))
        #expect(state.height(of: m1) == 86)
        #expect(abs(state.x(of: m1) - 160) < 1e-9)
        #expect(state.rows[0].folder == .inbox)
    }
}

extension RobustnessRegressionTests {
    /// `quit` ends a script as the end of input does: with a finger still down it is the same error, naming the
    /// `quit` line. It used to end the script with success, the gesture's outcome unchecked.
    @Test func quitWithAFingerDownIsAnError() {
        let run = Self.run("pan msg1 -100\nquit\nshow time\n")
        #expect(
            run.diagnostics == [
                "t.mbs:2: error: the script ended with a finger still down on msg1 (end it with release)"
            ])
        #expect(run.report.exitCode == 2)
        let released = Self.run("pan msg1 -100\nrelease\nquit\nrelase\n")
        #expect(released.diagnostics == [] && released.report.passed, "the lines after quit do not run")
    }
}
