import MailboxAnimation
import MailboxSim
import MailboxText

// `params [--json]`: the tunable parameters listed (SPEC §4).
extension CommandTable {
    static let params = CommandSpec(
        "params", traits: .looks, [.flag(.json)], summary: "list every tunable parameter: value, default, what it does",
        details:
            """
            Lists every parameter set tunes, with its value now, SPEC's default and what it does; marks with * \
            those that differ from the profile's value, and names the profile. With --json, one line of JSON: \
            {\"profile\", \"differing\", \"parameters\": [{\"name\", \"value\", \"default\", \"differs\", \
            \"summary\"}]}.
            """,
        example: "params"
    ) { a throws(ScriptError) in
        .params(ReportFormat(json: a.flag(.json)))
    } arguments: { command in
        guard case .params(let format) = command else { return nil }
        return Arguments([(.json, format.flag)])
    }
}

extension Session {
    /// `params`: every parameter with its value and default.
    func performParams(_ format: ReportFormat, into outcome: inout Outcome) {
        let listing = ParameterListing(settings: screen.settings)
        outcome.effect = .report(format == .json ? .json(.params(listing)) : .params(listing))
    }
}
