import MailboxJSON
import MailboxReports
import MailboxScript

/// `mailsim test --format tap`: TAP version 13 (testanything.org). The plan first (`1..N`), then a test
/// line a script as its result comes in, a failed one followed by a YAML block of its problems; a script
/// not run is `ok N - PATH # SKIP reason`. Strings in the YAML are JSON literals (valid YAML scalars).
public enum TAPRenderer {
    /// `TAP version 13` and the plan.
    public static func header(count: Int) -> [String] {
        ["TAP version 13", "1..\(count)"]
    }

    /// The lines of script number `number` (from 1).
    public static func lines(_ result: ScriptResult, number: Int) -> [String] {
        let description = "\(number) - " + escaped(result.path)
        switch result.status {
        case .pass:
            return ["ok " + description]
        case .skipped:
            return ["ok \(description) # SKIP " + escaped(result.skipReason ?? "not run")]
        case .fail, .error:
            var lines = ["not ok " + description, "  ---"]
            let report = result.report
            lines.append("  message: " + JSON.quote(TestText.problemSummary(result)))
            lines.append("  severity: " + (result.status == .error ? "error" : "fail"))
            lines.append("  checks: \(report.checks)")
            lines.append("  time: " + TestJSON.time(result.seconds).text)
            if !report.failures.isEmpty {
                lines.append("  failures:")
                for failure in report.failures { lines += item(failure) }
            }
            if let error = report.error {
                lines.append("  error:")
                lines += members(error.json).map { "    " + $0 }
            }
            lines.append("  ...")
            return lines
        }
    }

    /// A list item of the YAML block: `- line: 12` then the other members beneath it.
    private static func item(_ diagnostic: Diagnostic) -> [String] {
        let all = members(diagnostic.json)
        guard let first = all.first else { return [] }
        return ["    - " + first] + all.dropFirst().map { "      " + $0 }
    }

    /// An object's members as `key: value` lines, values as JSON literals.
    private static func members(_ object: JSON) -> [String] {
        guard case .object(let members) = object else { return [] }
        return members.map { "\($0.0): \($0.1.text)" }
    }

    /// A description or directive without a bare `#` (which would start a directive) or line break.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "#": out += "\\#"
            case "\\": out += "\\\\"
            case "\n", "\r": out += " "
            default: out.append(character)
            }
        }
        return out
    }
}
