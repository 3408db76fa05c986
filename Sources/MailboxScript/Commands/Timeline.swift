import MailboxAnimation
import MailboxSim
import MailboxText

// `timeline [TARGET] [--json]`: the animations and events so far (SPEC §4).
extension CommandTable {
    static let timeline = CommandSpec(
        "timeline", traits: .looks, [.optional(.target, .subject), .flag(.json)],
        summary: "print the animations and events so far",
        details:
            """
            Prints every animation (start, property, from → to, duration, curve) and event, oldest first; TARGET \
            keeps those of one view (msg1, overlay, screen). With --json, one line of JSON: {\"entries\": [...], \
            \"dropped\", \"capacity\"}.
            """,
        example: "timeline msg1"
    ) { a throws(ScriptError) in
        .timeline(filter: a.word(.target), format: ReportFormat(json: a.flag(.json)))
    } arguments: { command in
        guard case let .timeline(filter, format) = command else { return nil }
        return Arguments([(.target, filter.map { .text($0) }), (.json, format.flag)])
    }
}

extension Session {
    /// `timeline`: the animations and events so far, or one subject's.
    func performTimeline(filter: String?, _ format: ReportFormat, into outcome: inout Outcome) throws(ScriptError) {
        let excerpt = try timeline(filter: filter)
        outcome.effect = .report(format == .json ? .json(.timeline(excerpt)) : .timeline(excerpt))
    }
}
