import MailboxReports
import MailboxScript
import MailboxText

/// `mailsim test --junit FILE`: JUnit XML as CI servers read it (Jenkins, GitLab, GitHub test reporters),
/// within the Jenkins xunit plug-in's `junit-10.xsd`: one `<testsuite>`, a `<testcase>` a script (name = its
/// path, classname = its folder, time = wall-clock seconds), a `<failure>` per failed check, an `<error>` for
/// the error that stopped it, `<skipped>` for a script not run. A problem's text is its message, then the
/// screen at that instant and the last timeline entries, when the run kept them.
public enum JUnitRenderer {
    public static func document(_ results: [ScriptResult], suite: String = "mailsim") -> String {
        let totals = TestTotals(results)
        let counts =
            "tests=\"\(totals.count)\" failures=\"\(totals.failed - totals.errors)\" errors=\"\(totals.errors)\""
        let time = "time=\"\(seconds(totals.seconds))\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(attribute(suite))\" \(counts) \(time)>\n"
        xml += "  <testsuite name=\"\(attribute(suite))\" \(counts) skipped=\"\(totals.skipped)\" \(time)>\n"
        for result in results { xml += testcase(result) }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    private static func testcase(_ result: ScriptResult) -> String {
        let open =
            "    <testcase name=\"\(attribute(result.path))\""
            + " classname=\"\(attribute(folder(of: result.path)))\" time=\"\(seconds(result.seconds))\""
        switch result.status {
        case .pass:
            return open + "/>\n"
        case .skipped:
            return open
                + ">\n      <skipped message=\"\(attribute(result.skipReason ?? "not run"))\"/>\n    </testcase>\n"
        case .fail, .error:
            var xml = open + ">\n"
            for failure in result.report.failures {
                let type =
                    if case .failed(.unexpectedSuccess) = failure.kind { "unexpected-success" } else { "expectation" }
                xml += problem("failure", type, failure, result.report)
            }
            if let error = result.report.error {
                xml += problem("error", result.unreadable == nil ? "error" : "unreadable", error, result.report)
            }
            return xml + "    </testcase>\n"
        }
    }

    /// `<failure>` or `<error>`: the message as an attribute, and as text with the screen at that instant.
    private static func problem(_ element: String, _ type: String, _ diagnostic: Diagnostic, _ report: RunReport)
        -> String
    {
        var body = [diagnostic.text]
        if let context = report.context(atLine: diagnostic.line) {
            body += TestText.contextLines(context).map(\.text)
        }
        return "      <\(element) message=\"\(attribute(diagnostic.text))\" type=\"\(type)\">"
            + xmlEscaped(body.joined(separator: "\n")) + "</\(element)>\n"
    }

    /// The folder a script is in (`Scripts/menu` for `Scripts/menu/a.mbs`), `.` for none.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func attribute(_ text: String) -> String { xmlEscaped(text, attribute: true) }

    /// Seconds to the millisecond (the schema's time has at most three decimals).
    private static func seconds(_ value: Double) -> String { formatNumber(max(0, value), decimals: 3) }
}
