import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// `save FILE --expect` writes a script that `mailsim run` passes, whatever the session did: what changed the
/// screen is kept in a form that replays it, and a save with a finger down is refused.
@Suite struct SaveTests {
    static func interactive(_ lines: String...) throws -> PromptSession {
        var session = PromptSession()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session
    }

    /// Runs `text` as `mailsim run` would, in a fresh session.
    static func replay(_ text: String) -> RunReport {
        var fresh = Session()
        return ScriptRunner.run(Array(text.utf8), file: "saved.mbs", session: &fresh)
    }

    @Test func aBangCommandThatSucceededIsKeptAsTheCommand() throws {
        // `! pan msg1 -100` succeeds (a failed expectation) but the finger is down: `release` needs it.
        var session = try Self.interactive()
        let outcome = try session.execute(.line("! pan msg1 -100"))
        #expect(outcome.failure != nil)
        _ = try session.execute(.line("release"))
        #expect(session.transcript == ["pan msg1 -100", "release"])
        let report = Self.replay(session.scriptText(withExpectations: true))
        #expect(report.passed, "\(report.failures.map(\.text)) \(report.error?.text ?? "")")
    }

    /// The `set` lines a session used are saved, so that the saved script replays the tuned behaviour (a
    /// threshold of 80 makes x -70 a gray peek; with SPEC's 60 it would be yellow) and its expectations hold.
    @Test func theSetLinesAreSaved() throws {
        let session = try Self.interactive(
            "set threshold.left.near 80", "set curve.snap spring 0.6 0.4",
            "set profile mcswipe", "pan msg1 -70", "params", "release 0", "advance 0.2")
        #expect(
            session.transcript == [
                "set threshold.left.near 80", "set curve.snap spring 0.6 0.4", "set profile mcswipe",
                "pan msg1 -70", "release 0", "advance 0.2"
            ])
        let text = session.scriptText(withExpectations: true)
        #expect(text.contains("expect msg1.background == gray"))
        let report = Self.replay(text)
        #expect(report.error == nil)
        #expect(report.failures.isEmpty)
    }

    @Test func aFailedExpectationIsLeftOut() throws {
        var session = try Self.interactive("pan msg1 -100", "release")
        let outcome = try session.execute(.line("expect msg1.x == 5"))
        #expect(outcome.failure != nil)
        #expect(session.transcript == ["pan msg1 -100", "release"])
    }

    @Test func savingWithAFingerDownIsRefusedAndChangesNothing() throws {
        var session = try Self.interactive("pan msg1 -100")
        let before = session
        #expect(throws: ScriptError.saveWithFingerDown(.message(m1))) {
            _ = try session.execute(.line("save a.mbs --expect"))
        }
        #expect(sameSession(session, before))
        _ = try session.execute(.line("release"))
        let saved = try session.execute(.line("save a.mbs --expect"))
        #expect(saved.effect.flatMap { if case .save(let request) = $0 { request.file } else { nil } } == "a.mbs")
    }

    /// Random sessions (seeded), some lines wrapped in `!`, saved with `--expect` (after lifting a finger left
    /// down, as the refusal says): a fresh session runs the saved script and it passes.
    @Test(arguments: Array(UInt64(1)...24))
    func aSavedSessionReplaysAndPasses(seed: UInt64) throws {
        var generator = CommandGenerator(seed: seed)
        var session = PromptSession()
        for _ in 0..<Int.random(in: 20...160, using: &generator.random) {
            var line = generator.next(for: session.session)
            if generator.random.chance(0.15) { line = "! " + line }
            _ = try? session.execute(.line(line[...]))
        }
        if session.screen.gesture != nil {
            #expect(throws: ScriptError.self) { _ = try session.execute(.line("save s.mbs --expect")) }
            _ = try session.execute(.line("release"))
        }
        let saved = try session.execute(.line("save s.mbs --expect"))
        guard case .save(let request)? = saved.effect else {
            Issue.record("save asked for nothing")
            return
        }
        #expect(request == SaveRequest(file: "s.mbs", withExpectations: true, force: false))
        let text = session.scriptText(withExpectations: true)
        let report = Self.replay(text)
        #expect(report.passed, "seed \(seed): \(report.failures.map(\.text)) \(report.error?.text ?? "")\n\(text)")
        #expect(report.checks > 0)
    }

    /// `save FILE --force` asks the front end to replace FILE without asking; plain `save` does not.
    @Test func forceIsPassedOn() throws {
        var session = try Self.interactive("advance 1")
        #expect(
            try Parser.parse("save a.mbs --expect --force") == .save(file: "a.mbs", withExpectations: true, force: true)
        )
        #expect(try session.execute(.line("save a.mbs --force")).saveRequest?.force == true)
        #expect(try session.execute(.line("save a.mbs")).saveRequest?.force == false)
    }

    /// `load FILE` asks the front end to play FILE (the script layer reads no file); it is not itself saved
    /// (the loaded lines are, as they run); in a script it is refused like `save`.
    @Test func loadIsARequestForTheFrontEnd() throws {
        var session = try Self.interactive("advance 1")
        let outcome = try session.execute(.line("load part.mbs"))
        if case .load(let file)? = outcome.effect {
            #expect(file == "part.mbs")
        } else {
            Issue.record("load asked for nothing")
        }
        #expect(session.transcript == ["advance 1"])
        var script = Session()
        #expect(throws: ScriptError.promptOnly(command: "load")) { _ = try script.execute(.line("load part.mbs")) }
    }
}

extension Session.Outcome {
    /// What `save` asked for, if it did.
    var saveRequest: SaveRequest? {
        if case .save(let request)? = effect { return request } else { return nil }
    }
}
