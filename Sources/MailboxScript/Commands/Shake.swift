import MailboxAnimation
import MailboxSim
import MailboxText

// `shake`: shake to undo (SPEC §4).
extension CommandTable {
    static let shake = CommandSpec(
        "shake", traits: [.changes, .beginsInteraction], synonyms: ["undo"], summary: "shake to undo",
        details:
            """
            With nothing to undo, prints \"Nothing to undo.\" and shows no alert; otherwise shows the alert \
            \"Undo last action?\" (tap undo or tap cancel). Undo is a stack over archive, delete, later and list.
            """,
        example: "shake"
    ) { _ throws(ScriptError) in
        .shake
    } arguments: { command in
        guard case .shake = command else { return nil }
        return Arguments()
    }
}

extension Session {
    /// `shake`: the undo alert, or a note that there is nothing to undo.
    mutating func performShake(into outcome: inout Outcome) throws(ScriptError) {
        let nothing = !screen.canUndo
        try send(.shaken)
        if nothing { outcome.effect = .report(.note(.nothingToUndo)) }
    }
}
