import MailboxAnimation
import MailboxSim
import MailboxText

// `settle`: the clock moved to the end of the running animations (SPEC §4).
extension CommandTable {
    static let settle = CommandSpec(
        "settle", traits: .moves, summary: "advance until no animation runs",
        details: "Advances the clock to the end of the last running animation, follow-ups included.",
        example: "settle"
    ) { _ throws(ScriptError) in
        .settle
    } arguments: { command in
        guard case .settle = command else { return nil }
        return Arguments()
    }
}

extension Session {
    /// `settle`: the clock to the end of the last running animation.
    mutating func performSettle(watch: some FrameWatcher) throws(ScriptError) {
        try sendTimed(.settled, watch)
    }
}
