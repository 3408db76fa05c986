@testable import MailboxSim
import Testing

/// Bugs the bad-input catalogue, the fuzzer and the property tests found, each pinned here so it stays fixed.
@Suite struct RobustnessRegressionTests {
    static func parseError(_ line: String) -> String? {
        do { _ = try Parser.parse(line[...]); return nil } catch { return error.message }
    }

    /// Runs `text` as a script on a fresh screen; returns the report and the session after it.
    static func run(_ text: String) -> (report: ScriptReport, session: Session, diagnostics: [String]) {
        var session = Session()
        var diagnostics: [String] = []
        let report = ScriptRunner.run(Array(text.utf8), file: "t.mbs", session: &session) { output in
            if case .diagnostic(let message) = output { diagnostics.append(message) }
        }
        return (report, session, diagnostics)
    }

    /// `!` after `!` is refused at once. It used to recurse once per `!` (a line of a thousand `!` overflowed
    /// the stack and crashed), and an even number of them (`!!`, `! !`) passed as a check.
    @Test(arguments: ["! !", "!!", "! !!", "!! release", "! ! release", "!!!!!!!!!!", "!!!!!!!!!!!",
                      String(repeating: "!", count: 100_000), String(repeating: "! ", count: 100_000) + "release"])
    func bangAfterBangIsRefused(_ line: String) {
        #expect(Self.parseError(line) == "'! !' is not allowed")
        let run = Self.run(line + "\n")
        #expect(run.report.exitCode == 2)
        #expect(run.diagnostics == ["t.mbs:1: error: '! !' is not allowed"])
    }
}
