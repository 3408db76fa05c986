import MailboxReports
import MailboxScript
import MailboxText
import MailboxWalkthrough

/// `mailsim test --report DIR`'s index page: a line per script with its result, and for every failed check
/// (and the error that stopped a script) the expected and actual values beside a picture of the screen at that
/// instant, with a link to the walkthrough of the script up to that line.
public enum TestReportPage {
    /// One script's result and the files made for its problems.
    public struct Entry: Sendable {
        public var file: String
        public var report: RunReport
        /// Why the script could not be run or recorded, when it could not.
        public var note: String?
        public var problems: [Problem]
        /// True for a script not run (`--max-failures` reached); `note` says why.
        public var skipped = false

        public init(
            file: String, report: RunReport, note: String? = nil, problems: [Problem] = [], skipped: Bool = false
        ) {
            self.file = file
            self.report = report
            self.note = note
            self.problems = problems
            self.skipped = skipped
        }
    }

    /// A failed check or an error, and the picture and walkthrough made for it (paths relative to the page).
    public struct Problem: Sendable {
        public var diagnostic: Diagnostic
        public var time: String
        public var picture: String?
        public var walkthrough: String?
        /// The screen as `render` draws it there and the timeline just before, when the run kept them.
        public var context: FailureContext?

        public init(
            diagnostic: Diagnostic, time: String, picture: String?, walkthrough: String?, context: FailureContext? = nil
        ) {
            self.diagnostic = diagnostic
            self.time = time
            self.picture = picture
            self.walkthrough = walkthrough
            self.context = context
        }
    }

    public static func page(_ entries: [Entry]) -> String {
        let passed = entries.filter { $0.report.passed && $0.note == nil }.count
        let skipped = entries.filter(\.skipped).count
        let failed = entries.count - passed - skipped
        let failedClass = failed > 0 ? "fail" : "pass"
        let notRun = skipped > 0 ? ", \(skipped) not run" : ""
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="generator" content="mailsim test --report">
            <title>mailsim test report: \(passed) passed, \(failed) failed</title>
            <style>\(css)</style>
            </head>
            <body>
            <h1>mailsim test report</h1>
            <p class="totals"><span class="pass">\(passed) passed</span>, \
            <span class="\(failedClass)">\(failed) failed</span>\(notRun)</p>
            <table class="scripts">
            <thead><tr><th>result</th><th>script</th><th>checks</th><th>problems</th></tr></thead>
            <tbody>

            """
        for (i, entry) in entries.enumerated() {
            let status =
                entry.skipped
                ? "SKIP"
                : entry.note != nil || entry.report.error != nil ? "ERROR" : entry.report.passed ? "PASS" : "FAIL"
            let anchor = entry.skipped || (entry.problems.isEmpty && entry.note == nil) ? "" : " href=\"#s\(i)\""
            html +=
                """
                <tr \
                class=\"\(status.lowercased())\"><td>\(status)</td><td><a\(anchor)>\(xmlEscaped(entry.file))</a></td>
                """
            let problems = entry.report.failures.count + (entry.report.error == nil ? 0 : 1)
            html += "<td>\(entry.report.checks)</td><td>\(problems)</td></tr>\n"
        }
        html += "</tbody></table>\n"
        for (i, entry) in entries.enumerated() where !entry.skipped && (!entry.problems.isEmpty || entry.note != nil) {
            html += "<section id=\"s\(i)\" class=\"script\"><h2>\(xmlEscaped(entry.file))</h2>\n"
            if let note = entry.note { html += "<p class=\"note\">\(xmlEscaped(note))</p>\n" }
            for problem in entry.problems {
                html += "<div class=\"problem\">\n"
                if let picture = problem.picture {
                    html +=
                        """
                        <img src=\"\(xmlEscaped(picture))\" width=\"320\" height=\"568\" alt=\"the screen at line \
                        \(problem.diagnostic.line)\">\n
                        """
                }
                html +=
                    "<div class=\"facts\"><p class=\"where\">line \(problem.diagnostic.line) at \(problem.time) s</p>\n"
                switch problem.diagnostic.kind {
                case .failed(.expectation(let expectation, let actual)):
                    html +=
                        """
                        <table \
                        class=\"values\"><tr><th>expected</th><td><code>\(xmlEscaped(expectation.text))</code></td></tr>
                        """
                    html +=
                        """
                        <tr><th>actual</th><td><code>\(xmlEscaped(expectation.path.name)) = \
                        \(xmlEscaped(actual.precise))</code></td></tr></table>\n
                        """
                default:
                    html += "<p><code>\(xmlEscaped(problem.diagnostic.message))</code></p>\n"
                }
                html += "<p class=\"diagnostic\"><code>\(xmlEscaped(problem.diagnostic.text))</code></p>\n"
                if let context = problem.context {
                    let text = TestText.contextLines(context).map(\.text).joined(separator: "\n")
                    html += "<pre class=\"context\">\(xmlEscaped(text))</pre>\n"
                }
                if let walkthrough = problem.walkthrough {
                    html +=
                        """
                        <p><a href=\"\(xmlEscaped(walkthrough))#t=\(problem.time)\">walkthrough up to line \
                        \(problem.diagnostic.line)</a></p>\n
                        """
                }
                html += "</div></div>\n"
            }
            html += "</section>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    static let css = """
        body { margin: 0; padding: 16px 24px 40px; font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; \
        color: #1c1c1e; background: #f5f5f7; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        h2 { font-size: 15px; font-family: "DejaVu Sans Mono", monospace; margin: 24px 0 8px; }
        .totals .pass { color: #1d6b1a; } .totals .fail { color: #b3261e; font-weight: bold; }
        table.scripts { border-collapse: collapse; background: #fff; }
        table.scripts th, table.scripts td { text-align: left; padding: 3px 12px; border-bottom: 1px solid #e5e5ea; \
        font-size: 13px; }
        table.scripts td:nth-child(2) { font-family: "DejaVu Sans Mono", monospace; }
        tr.pass td:first-child { color: #1d6b1a; } \
        tr.fail td:first-child, tr.error td:first-child { color: #b3261e; font-weight: bold; }
        .problem { display: flex; gap: 20px; align-items: flex-start; margin: 0 0 20px; padding: 12px; \
        background: #fff; border: 1px solid #e5e5ea; border-radius: 8px; }
        .problem img { border-radius: 4px; box-shadow: 0 1px 6px rgba(0,0,0,.2); }
        .values th { text-align: right; padding-right: 10px; color: #6e6e73; font-weight: normal; }
        .values td code { font-size: 14px; }
        .diagnostic code { color: #b3261e; font-size: 12px; }
        .where { color: #6e6e73; margin-top: 0; }
        .note { color: #b3261e; }
        tr.skip td:first-child { color: #6e6e73; }
        pre.context { font: 12px/1.25 "DejaVu Sans Mono", monospace; background: #f5f5f7; padding: 8px 10px; \
        border-radius: 6px; margin: 8px 0; }
        """
}
