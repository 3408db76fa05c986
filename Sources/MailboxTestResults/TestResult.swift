import MailboxReports
import MailboxScript

/// What became of one script in `mailsim test`.
public enum TestStatus: String, Sendable {
    /// Every check held.
    case pass
    /// A check failed and no error stopped the script.
    case fail
    /// An error stopped the script (or it could not be read), whatever its checks did.
    case error
    /// Not run: `--max-failures` was reached first.
    case skipped
}

/// One script's result in `mailsim test`: its report, how long it took on the wall clock, and its verdict.
/// The text, JUnit, TAP, JSON and HTML renderings all read this.
public struct ScriptResult: Sendable {
    public let report: RunReport
    /// Seconds of wall clock the run took (0 for a script not run).
    public let seconds: Double
    public let status: TestStatus
    /// Why a skipped script was not run.
    public let skipReason: String?

    public var path: String { report.file }

    public init(report: RunReport, seconds: Double) {
        self.report = report
        self.seconds = seconds
        status = report.error != nil ? .error : report.failures.isEmpty ? .pass : .fail
        skipReason = nil
    }

    /// A script that was not run, and why.
    public init(skipped path: String, reason: String) {
        report = RunReport(file: path)
        seconds = 0
        status = .skipped
        skipReason = reason
    }

    /// The message of a file that could not be read at all, if that is what happened.
    public var unreadable: String? {
        if let error = report.error, case .unreadable(let message) = error.kind { return message }
        return nil
    }
}

/// The totals of a test run: `N passed, N failed` (errors count as failed), and what was not run.
public struct TestTotals: Equatable, Sendable {
    public var passed = 0
    public var failed = 0
    /// Of `failed`, those stopped by an error.
    public var errors = 0
    public var skipped = 0
    public var checks = 0
    public var failedChecks = 0
    public var seconds = 0.0

    public init() {}

    public init(_ results: some Sequence<ScriptResult>) {
        for result in results { add(result) }
    }

    public mutating func add(_ result: ScriptResult) {
        switch result.status {
        case .pass: passed += 1
        case .fail: failed += 1
        case .error:
            failed += 1
            errors += 1
        case .skipped: skipped += 1
        }
        checks += result.report.checks
        failedChecks += result.report.failures.count
        seconds += result.seconds
    }

    public var count: Int { passed + failed + skipped }
}
