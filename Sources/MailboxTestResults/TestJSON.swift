import MailboxJSON
import MailboxReports
import MailboxScript

/// `mailsim test --format json`: one JSON object a line per script (JSON Lines), in the order the text lists
/// them: `{"path", "status": pass|fail|error|skipped, "checks", "failed", "time", "failures": […], "error"}`.
public enum TestJSON {
    public static func line(_ result: ScriptResult) -> String {
        var members: [(String, JSON)] = [
            ("path", .string(result.path)),
            ("status", .string(result.status.rawValue)),
            ("checks", .int(result.report.checks)),
            ("failed", .int(result.report.failures.count)),
            ("time", time(result.seconds)),
            ("failures", .array(result.report.failures.map(\.json))),
            ("error", result.report.error.map(\.json) ?? .null)
        ]
        if let reason = result.skipReason { members.append(("skipped", .string(reason))) }
        return JSON.object(members).text
    }

    /// Wall-clock seconds to the microsecond.
    public static func time(_ seconds: Double) -> JSON { .number((seconds * 1e6).rounded() / 1e6) }
}
