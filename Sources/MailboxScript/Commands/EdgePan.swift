import MailboxAnimation
import MailboxSim
import MailboxText

// `edgepan DX [in S]`: a pan from the screen's left edge, revealing the menu (SPEC §4).
extension CommandTable {
    static let edgepan = CommandSpec(
        "edgepan", traits: [.moves, .beginsInteraction, .movesFinger],
        [.required(.dx, .distance), .optional(.seconds, .duration(max: ScriptLimits.maxPanSeconds), after: "in")],
        summary: "pan from the screen's left edge to reveal the menu",
        details:
            """
            Like pan, for a finger that starts on the screen's left edge: content.x follows DX, clamped to \
            0…\(formatNumber(Metrics.screenWidth)).
            """,
        example: "edgepan 200 in 0.25"
    ) { a throws(ScriptError) in
        .edgePan(translation: try a.required(number: .dx, of: "edgepan").real, duration: a.ticks(.seconds))
    } arguments: { command in
        switch command {
        case let .edgePan(translation, duration), let .pan(.edge, translation, duration):
            return Arguments([(.dx, .number(.real(translation))), (.seconds, duration.map { .number(.duration($0)) })])
        default: return nil
        }
    }
}

extension Session {
    /// `edgepan`: a pan whose finger starts on the screen's left edge.
    mutating func performEdgePan(translation: Double, duration: Ticks?, watch: some FrameWatcher) throws(ScriptError) {
        try performPan(.edge, translation: translation, duration: duration, watch: watch)
    }
}
