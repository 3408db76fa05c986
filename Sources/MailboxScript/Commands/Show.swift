import MailboxAnimation
import MailboxSim
import MailboxText

// `show PATH [--json]`: one view or property printed (SPEC §4).
extension CommandTable {
    static let show = CommandSpec(
        "show", traits: .looks, [.required(.path, .pathPrefix), .flag(.json)],
        summary: "print one view or property",
        details:
            """
            Prints PATH and every property under it: `show msg1`, `show msg1.icon`, `show overlay`. With --json, \
            one line of JSON: an object of each path and its value.
            """,
        example: "show msg1"
    ) { a throws(ScriptError) in
        .show(try a.required(word: .path, of: "show"), ReportFormat(json: a.flag(.json)))
    } arguments: { command in
        guard case let .show(prefix, format) = command else { return nil }
        return Arguments([(.path, .text(prefix)), (.json, format.flag)])
    }
}

extension Session {
    /// `show`: the properties under a path.
    func performShow(_ prefix: String, _ format: ReportFormat, into outcome: inout Outcome) throws(ScriptError) {
        let readings = try readings(PropertyPath.matching(prefix, messageCount: screen.messageCount))
        outcome.effect = .report(format == .json ? .json(.properties(readings)) : .properties(readings))
    }
}
