import MailboxAnimation
import MailboxSim
import MailboxText

// `quit`: the end of the REPL or the script (SPEC §4).
extension CommandTable {
    static let quit = CommandSpec(
        "quit", traits: .touchesFiles, aliases: ["exit"], summary: "leave the REPL",
        details: "Leaves the REPL (Ctrl-D on an empty line does too). In a script it ends the script.",
        example: "quit"
    ) { _ throws(ScriptError) in
        .quit
    } arguments: { command in
        guard case .quit = command else { return nil }
        return Arguments()
    }
}

extension Session {
    /// `quit`: the script (or the prompt) ends here.
    func performQuit(into outcome: inout Outcome) {
        outcome.effect = .quit
    }
}
