import MailboxAnimation
import MailboxSim
import MailboxText

// `load FILE`: a script played into the session (SPEC §4).
extension CommandTable {
    static let load = CommandSpec(
        "load", traits: .touchesFiles, [.required(.file, .file)],
        summary: "play a script into this session and go on from there",
        details:
            """
            Runs FILE's lines in this session, printing what they print; a failed expect is reported as FILE:LINE \
            and the load goes on; an error stops it at FILE:LINE, and the lines before it stay run. quit in FILE \
            ends the load. The lines run are kept for save as themselves. A file cannot load itself, directly or \
            through others. FILE is relative to the current directory, and a FILE named in a loaded file (load, \
            snapshot, save) to that file's folder.
            """,
        example: "load swipe.mbs", interactiveOnly: true
    ) { a throws(ScriptError) in
        .load(file: try a.required(word: .file, of: "load"))
    } arguments: { command in
        guard case .load(let file) = command else { return nil }
        return Arguments([(.file, .text(file))])
    }
}

extension Session {
    /// `load`: a script for the front end to play into this session; at the prompt only.
    func performLoad(file: String, into outcome: inout Outcome) throws(ScriptError) {
        guard interactive else { throw .promptOnly(command: "load") }
        outcome.effect = .load(file: file)
    }
}
