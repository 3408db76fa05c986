import MailboxAnimation
import MailboxSim
import MailboxText

// `colors`: the palette and the colours on screen (SPEC §4).
extension CommandTable {
    static let colors = CommandSpec(
        "colors", traits: .looks, summary: "print the palette and the colours on screen now",
        details: "Lists the palette with hex values, then the colour each visible row shows.",
        example: "colors"
    ) { _ throws(ScriptError) in
        .colors
    } arguments: { command in
        guard case .colors = command else { return nil }
        return Arguments()
    }
}

extension Session {
    /// `colors`: the palette and the colours on screen.
    func performColors(into outcome: inout Outcome) {
        outcome.effect = .report(.colors(screen.snapshot()))
    }
}
