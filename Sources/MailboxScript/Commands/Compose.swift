import MailboxAnimation
import MailboxSim
import MailboxText

// `compose`: the same as `tap compose`; it runs as tap's case (SPEC §4).
extension CommandTable {
    static let compose = CommandSpec(
        "compose", traits: [.changes, .beginsInteraction], summary: "open the compose sheet (tap compose)",
        details: "The same as `tap compose`.", example: "compose"
    ) { _ throws(ScriptError) in
        .tap(.compose)
    } arguments: { command in
        guard case .tap(.compose?) = command else { return nil }
        return Arguments()
    }
}
