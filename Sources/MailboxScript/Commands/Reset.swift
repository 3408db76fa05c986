import MailboxAnimation
import MailboxSim
import MailboxText

// `reset [N]`: a fresh screen (SPEC §4).
extension CommandTable {
    static let reset = CommandSpec(
        "reset", traits: [.changes, .beginsInteraction], [.optional(.count, .wholeNumber(1...Metrics.maxMessageCount))],
        summary: "a fresh screen with N messages (default \(Metrics.defaultMessageCount))",
        details:
            """
            Starts again at time 0 with N messages, an empty timeline and undo stack. Settings such as fps are \
            kept. The feed does not scroll: rows whose top is at or past the screen's bottom (y 568; msg6 on, at \
            first) are off screen, and pan and act cannot reach them.
            """,
        example: "reset 20"
    ) { a throws(ScriptError) in
        .reset(messages: a.number(.count)?.integer)
    } arguments: { command in
        guard case .reset(let count) = command else { return nil }
        return Arguments([(.count, count.map { .number(.whole($0)) })])
    }
}

extension Session {
    /// `reset`: a fresh screen at time 0; the settings are kept.
    mutating func performReset(messages count: Int?, into outcome: inout Outcome) {
        outcome.effect = .screenReset(at: screen.now)
        screen.reset(messageCount: count ?? Metrics.defaultMessageCount)
    }
}
