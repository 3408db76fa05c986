import MailboxReports
import MailboxText

/// `mailsim grade`'s lines for people, in `mailsim test`'s manner: a verdict a walkthrough (PASS when every
/// required story is seen), then each story's finding, then what was measured.
public enum GradeText {
    /// The lines of one walkthrough's report; `name` is the file as the user gave it.
    public static func lines(_ report: GradeReport, name: String) -> [StyledLine] {
        let required = report.findings.filter { $0.story.isRequired }
        let seen = required.filter { $0.verdict == .seen }.count
        let unsure = required.filter { $0.verdict == .unsure }.count
        let optional = report.findings.filter { !$0.story.isRequired && $0.verdict == .seen }.map { $0.story.rawValue }
        var summary = "\(seen) of \(required.count) required stories seen"
        if unsure > 0 { summary += ", \(unsure) unsure" }
        summary += optional.isEmpty ? "; no optional one" : "; optional: " + optional.joined(separator: ", ")
        var lines: [StyledLine] = [
            report.requiredSeen
                ? [Span("PASS", .passed), Span("  \(name) (\(summary))")]
                : [Span("FAIL", .failed), Span("  \(name): \(summary)")]
        ]
        lines.append([Span("  " + describe(report), .time)])
        let width = Story.allCases.map { $0.rawValue.count }.max() ?? 0
        for finding in report.findings {
            let id = finding.story.rawValue
            let pad = String(repeating: " ", count: width - id.count)
            let role: Span.Role =
                switch finding.verdict {
                case .seen: .passed
                case .notSeen: finding.story.isRequired ? .failed : .plain
                case .unsure: .time
                }
            let verdict = finding.verdict.rawValue
            let place =
                finding.time.map { t in "\(formatNumber(t, decimals: 2)) s, frame \(finding.frame ?? 0): " } ?? ""
            lines.append([
                Span("  "), Span(verdict + String(repeating: " ", count: 9 - verdict.count), role),
                Span(id + pad, .subject), Span("  " + place + finding.evidence)
            ])
        }
        let brackets = report.thresholds.map { "\($0.name) \(bracket($0))" }
        lines.append([Span("  thresholds: ", .heading), Span(brackets.joined(separator: ", "))])
        if !report.colours.isEmpty {
            let colours = report.colours.map { "\($0.stage) \($0.colour.hex)" }
            lines.append([Span("  colours: ", .heading), Span(colours.joined(separator: ", "))])
        }
        for duration in report.durations {
            lines.append([
                Span("  \(duration.name): ", .heading),
                Span("\(formatNumber(duration.atLeast, decimals: 2))…\(formatNumber(duration.atMost, decimals: 2)) s")
            ])
        }
        return lines
    }

    /// `N frames, S s; the screen W × H pt at (X, Y), K px a point`.
    static func describe(_ report: GradeReport) -> String {
        var text = "\(counted(report.frames, "frame")), \(formatNumber(report.seconds, decimals: 2)) s"
        if let s = report.screen {
            text += "; the screen \(s.pointWidth) × \(s.pointHeight) pt at (\(s.x), \(s.y)), \(s.scale) px a point"
        }
        return text
    }

    /// `58…80 pt`, with `?` for a side no frame shows.
    static func bracket(_ b: ThresholdBracket) -> String {
        "\(b.below.map(String.init) ?? "?")…\(b.above.map(String.init) ?? "?") pt"
    }

    /// The last line: how many walkthroughs had every required story seen.
    public static func summary(passed: Int, failed: Int, unreadable: Int) -> String {
        var text = "\(passed) passed, \(failed) failed"
        if unreadable > 0 { text += ", \(unreadable) unreadable" }
        return text
    }
}
