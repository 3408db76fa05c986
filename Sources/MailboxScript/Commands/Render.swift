import MailboxAnimation
import MailboxSim
import MailboxText

// `render`: the screen drawn as text (SPEC §4).
extension CommandTable {
    static let render = CommandSpec(
        "render", traits: .looks, summary: "draw the screen as text",
        details: "Draws the navigation bar, the rows with their offset, colour and icon, and what covers the screen.",
        example: "render"
    ) { _ throws(ScriptError) in
        .render
    } arguments: { command in
        guard case .render = command else { return nil }
        return Arguments()
    }
}

extension Session {
    /// `render`: the screen drawn as text.
    func performRender(into outcome: inout Outcome) {
        outcome.effect = .report(.render(screen.snapshot()))
    }
}
