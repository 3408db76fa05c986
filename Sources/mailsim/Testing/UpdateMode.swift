import MailboxReports
import MailboxScript
import MailboxText

/// `mailsim test --update`: runs each selected script and rewrites its failing `expect` lines in place so that
/// they hold (see `ExpectationUpdate`), printing each change as `a.mbs:12: msg1.x == -300 → -320`. A script an
/// error stops is left untouched and named; so is a check no value can make hold. The rewritten text is run
/// again before it is written, and written only when the changed lines then hold.
enum UpdateMode {
    /// What became of one script.
    struct Outcome: Sendable {
        var path: String
        var lines: [String] = []
        var changed = 0
        /// Whether something still fails or stops the script after the update.
        var stillFailing = false
        /// The new text to write, if anything changed.
        var text: [UInt8]?
        /// What the script was when it was read: it is replaced only if it still is (an edit meanwhile wins).
        var original: (bytes: [UInt8], stamp: FileSystem.Stamp)?
    }

    /// Updates what `options` select; the exit status: 0 when every script now passes, 1 when a check or an
    /// error is left for a person, 2 when a file could not be written.
    static func run(_ options: TestOptions) -> Int32 {
        let items = TestSelection(options).items
        for item in items { FileSystem.protectInput(item.path) }
        var changed = 0
        var files = 0
        var left = 0
        var status: Int32 = 0
        WorkerPool.run(
            count: items.count, threads: options.jobs ?? WorkerPool.processorCount,
            work: { index in
                update(items[index])
            },
            deliver: { _, outcome in
                for line in outcome.lines { Console.out(line) }
                if let text = outcome.text, let original = outcome.original {
                    do throws(FileSystem.Failure) {
                        try FileSystem.replace(
                            outcome.path, with: text, original: original.bytes, stamp: original.stamp)
                        changed += outcome.changed
                        files += 1
                    } catch {
                        Console.error(errorLine("--update: \(error.message)"))
                        status = 2
                    }
                }
                if outcome.stillFailing { left += 1 }
                return true
            })
        if items.isEmpty {
            Console.error(errorLine("no .mbs scripts under \(options.paths.map(displayName).joined(separator: ", "))"))
            return 1
        }
        var summary = "updated \(counted(changed, "expectation")) in \(counted(files, "script"))"
        if left > 0 { summary += "; \(counted(left, "script")) still \(left == 1 ? "fails" : "fail") (see above)" }
        Console.out(summary)
        return status != 0 ? status : left > 0 ? 1 : 0
    }

    /// Runs one script and works out its update.
    static func update(_ item: TestSelection.Item) -> Outcome {
        guard case .script(let path) = item else {
            if case let .unreadable(path, message) = item {
                return Outcome(
                    path: path, lines: ["\(displayName(path)): left untouched: \(message)"], stillFailing: true)
            }
            return Outcome(path: item.path)
        }
        var outcome = Outcome(path: path)
        let source: [UInt8]
        let stamp: FileSystem.Stamp
        do throws(FileSystem.Failure) {
            (source, stamp) = try FileSystem.readStamped(path)
        } catch {
            outcome.lines = ["\(displayName(path)): left untouched: \(error.message)"]
            outcome.stillFailing = true
            return outcome
        }
        let report = FileRunner.run(source: source, name: path)
        if let error = report.error {
            outcome.lines = [
                "\(displayName(path)): left untouched: stopped by an error at line \(error.line)", "  " + error.text
            ]
            outcome.stillFailing = true
            return outcome
        }
        guard !report.failures.isEmpty else { return outcome }
        let update = ExpectationUpdate(source: source, failures: report.failures)
        var said = update.changes.map {
            ($0.line, "\(displayName(path)):\($0.line): \($0.path) \($0.comparison.rawValue) \($0.old) → \($0.new)")
        }
        said += update.leftAlone.map { ($0.line, "\(displayName(path)):\($0.line): left alone: \($0.reason)") }
        outcome.lines = said.sorted { $0.0 < $1.0 }.map(\.1)
        outcome.stillFailing = !update.leftAlone.isEmpty
        guard !update.changes.isEmpty else { return outcome }
        // Expectations change nothing on the screen, so the rewritten script must now hold on every changed line.
        let again = FileRunner.run(source: update.text, name: path)
        let changedLines = Set(update.changes.map(\.line))
        let stillFailing = again.problems.filter { changedLines.contains($0.line) || $0.isError }
        guard stillFailing.isEmpty else {
            outcome.lines =
                ["\(displayName(path)): left untouched: the updated script would still fail"]
                + stillFailing.map { "  " + $0.text }
            outcome.stillFailing = true
            return outcome
        }
        outcome.changed = update.changes.count
        outcome.text = update.text
        outcome.original = (source, stamp)
        return outcome
    }
}
