import MailboxPlayground
import Testing

/// The console behind the page module's `session.execute(line)`: what `mailsim run` prints for each piece.
@Suite struct ScriptConsoleTests {
    @Test func aGesturePrintsNothingAndStateIsTheReport() {
        var console = ScriptConsole(file: "a.mbs")
        #expect(console.execute("pan msg1 -180") == ScriptConsole.Printed())
        let state = console.execute("state --json")
        #expect(state.status == .ran && state.errors.isEmpty)
        #expect(state.output.hasPrefix("{") && state.output.hasSuffix("}\n"))
        #expect(state.output.contains("\"msg1.x\":-180"))
        #expect(console.lastLine == 2)
    }

    @Test func aFailedExpectIsStatusOneOnStandardErrorAndTheRunGoesOn() {
        var console = ScriptConsole(file: "a.mbs")
        _ = console.execute("pan msg1 -40")
        let failed = console.execute("expect msg1.background == yellow")
        #expect(failed.status == .failed)
        #expect(failed.errors == "a.mbs:2: expected msg1.background == yellow, got gray #B2B2B2\n")
        #expect(console.execute("release").status == .ran)
    }

    @Test func anErrorIsStatusTwoAndTheNextLineRunsWithTheNextNumber() {
        var console = ScriptConsole(file: "a.mbs")
        let refused = console.execute("pna msg1 3")
        #expect(refused.status == .error)
        #expect(refused.errors == "a.mbs:1: error: unknown command 'pna' (did you mean 'pan'?)\n")
        let next = console.execute("expect time == 1")
        #expect(next.errors == "a.mbs:2: expected time == 1, got 0\n")
    }

    @Test func severalLinesAtOnceStopAtAnErrorAsMailsimRunDoes() {
        var console = ScriptConsole()
        let printed = console.execute("pan msg1 -100\nbogus\nexpect msg1.x == -100\n")
        #expect(printed.status == .error)
        #expect(printed.errors == "<stdin>:2: error: unknown command 'bogus'\n")
        #expect(console.lastLine == 2)
    }

    @Test func finishRefusesAFingerStillDownAndQuitEndsTheConsole() {
        var console = ScriptConsole(file: "b.mbs")
        _ = console.execute("pan msg1 -100")
        let end = console.finish()
        #expect(end.status == .error && end.errors.hasPrefix("b.mbs:1: error: "))
        var quitting = ScriptConsole()
        _ = quitting.execute("quit")
        #expect(quitting.ended)
        #expect(quitting.execute("bogus") == ScriptConsole.Printed())
    }

    @Test func tracingPrintsTheTimelineAsRunTraceDoes() {
        var console = ScriptConsole(tracing: true)
        #expect(console.execute("pan msg1 -180").output.hasPrefix("   0.000  msg1 pan began at 0\n"))
    }
}
