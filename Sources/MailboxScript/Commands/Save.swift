import MailboxAnimation
import MailboxSim
import MailboxText

// `save FILE [--expect] [--force]`: the session as a script (SPEC §4).
extension CommandTable {
    static let save = CommandSpec(
        "save", traits: .touchesFiles, [.required(.file, .file), .flag(.expect), .flag(.force)],
        summary: "write the session's commands as a script",
        details:
            """
            Writes the commands typed so far to FILE, as a script that `mailsim run` replays; --expect appends \
            expect lines that pin the current state. Refused while a finger is down (release first). An existing \
            FILE is replaced only when you answer y to `overwrite FILE? [y/N]`, or with --force.
            """,
        example: "save swipe.mbs --expect", interactiveOnly: true
    ) { a throws(ScriptError) in
        .save(file: try a.required(word: .file, of: "save"), withExpectations: a.flag(.expect), force: a.flag(.force))
    } arguments: { command in
        guard case let .save(file, withExpectations, force) = command else { return nil }
        return Arguments([(.file, .text(file)), (.expect, .present(withExpectations)), (.force, .present(force))])
    }
}

extension Session {
    /// `save`: the session's lines, for the front end to write; at the prompt only, with no finger down.
    func performSave(
        file: String, withExpectations: Bool, force: Bool, into outcome: inout Outcome
    ) throws(ScriptError) {
        guard interactive else { throw .promptOnly(command: "save") }
        // A script may not end with a finger down (SPEC §6): the saved one would fail at its last line.
        if let gesture = screen.gesture { throw .saveWithFingerDown(gesture.target) }
        outcome.effect = .save(SaveRequest(file: file, withExpectations: withExpectations, force: force))
    }
}
