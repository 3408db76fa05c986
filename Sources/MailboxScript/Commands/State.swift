import MailboxAnimation
import MailboxSim
import MailboxText

// `state [--json]`: the whole screen printed (SPEC §4).
extension CommandTable {
    static let state = CommandSpec(
        "state", traits: .looks, [.flag(.json)], summary: "print the whole screen state",
        details:
            """
            Prints the clock, what is up, the counts, and every message row. With --json, one line of JSON: \
            {\"time\", \"properties\": every property path and its value, \"overlay\", \"animations\"}.
            """,
        example: "state --json"
    ) { a throws(ScriptError) in
        .state(ReportFormat(json: a.flag(.json)))
    } arguments: { command in
        guard case .state(let format) = command else { return nil }
        return Arguments([(.json, format.flag)])
    }
}

extension Session {
    /// `state`: the whole screen, as text or with every property path's value as JSON.
    func performState(_ format: ReportFormat, into outcome: inout Outcome) throws(ScriptError) {
        switch format {
        case .text: outcome.effect = .report(.state(screen.snapshot()))
        case .json:
            let readings = try readings(PropertyPath.all(messageCount: screen.messageCount))
            outcome.effect = .report(.json(.state(screen.snapshot(), readings)))
        }
    }
}
