import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

/// `mailsim test`'s lines for people: a verdict a script, each of its problems beneath it, and with
/// `verbose` its time and, under each problem, the screen at that instant and the timeline just before it.
public enum TestText {
    /// The lines of one script's result.
    /// The script's name is shown as `displayName` shows it (quoted when it holds a control character).
    public static func lines(_ result: ScriptResult, verbose: Bool) -> [StyledLine] {
        let path = displayName(result.path)
        let time = verbose ? ", " + seconds(result.seconds) : ""
        let checks = result.report.checks
        switch result.status {
        case .pass:
            return [[Span("PASS", .passed), Span("  \(path) (\(counted(checks, "check"))\(time))")]]
        case .skipped:
            return [[Span("SKIP", .time), Span("  \(path) (\(result.skipReason ?? "not run"))")]]
        case .fail, .error:
            if let message = result.unreadable {
                return [[Span("FAIL", .failed), Span("  \(path): \(displayingName(result.path, in: message))")]]
            }
            var lines: [StyledLine] = [
                [
                    Span("FAIL", .failed),
                    Span("  \(path): \(displayingName(result.path, in: problemSummary(result)))"),
                    Span(verbose ? " (\(seconds(result.seconds)))" : "", .time)
                ]
            ]
            for problem in result.report.problems {
                lines.append([
                    Span("  "), Span(displayingName(result.path, in: problem.text), problem.isError ? .error : .failure)
                ])
                if verbose, let context = result.report.context(atLine: problem.line) {
                    lines += contextLines(context).map { [Span("    ")] + $0 }
                }
            }
            return lines
        }
    }

    /// What went wrong, in a few words: `3 of 14 checks failed`, `stopped by an error at line 5`, or the
    /// reason a file could not be read.
    public static func problemSummary(_ result: ScriptResult) -> String {
        if let message = result.unreadable { return message }
        let failed = result.report.failures.count
        var summary = failed > 0 ? "\(failed) of \(counted(result.report.checks, "check")) failed" : ""
        if let error = result.report.error {
            summary += (summary.isEmpty ? "" : ", then ") + "stopped by an error at line \(error.line)"
        }
        return summary
    }

    /// The screen drawn as `render` draws it, and the last timeline entries before that instant.
    public static func contextLines(_ context: FailureContext) -> [StyledLine] {
        var lines: [StyledLine] = [[Span("the screen at \(context.screen.time.decimalSeconds) s:", .heading)]]
        lines += ScreenRender.styledLines(context.screen)
        if context.recent.isEmpty {
            lines.append([Span("no timeline entries yet", .heading)])
        } else {
            lines.append([
                Span(
                    "the last \(counted(context.recent.count, "timeline entry", plural: "timeline entries")):", .heading
                )
            ])
            lines += context.recent.map(TimelineText.styledLine)
        }
        return lines
    }

    /// `N passed, N failed`: SPEC §6's last line (errors and unreadable paths count as failed).
    public static func summary(_ totals: TestTotals) -> String {
        "\(totals.passed) passed, \(totals.failed) failed"
    }

    /// `0.012 s`: a wall-clock time, to the millisecond.
    public static func seconds(_ value: Double) -> String { formatNumber(value, decimals: 3) + " s" }
}
