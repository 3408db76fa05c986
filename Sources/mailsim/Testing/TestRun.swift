import MailboxReports
import MailboxScript
import MailboxTestResults
import MailboxText
import MailboxWalkthrough

/// `mailsim test` without `--update` or `--watch`: runs the selected scripts in parallel, prints each result
/// as it comes in (in sorted order) in the chosen format, then writes the JUnit file and the HTML report.
enum TestRun {
    /// Runs what `options` select (or `items`, when given); the exit status (0 all passed, 1 otherwise, 2 when a
    /// path could not be read or a file could not be written: an input that cannot be read is an error, as for `run`).
    static func execute(_ options: TestOptions, items selected: [TestSelection.Item]? = nil) -> Int32 {
        let items = selected ?? TestSelection(options).items
        // No output may replace a script of the run, however either is named: refused before anything is written.
        for item in items { FileSystem.protectInput(item.path) }
        do throws(FileSystem.Failure) {
            if let junit = options.junit { try FileSystem.refuseInput(junit, for: "--junit") }
            if let directory = options.reportDirectory { try TestReportFolder.prepare(directory) }
        } catch {
            Console.error(errorLine(error.message))
            return 2
        }
        var printer = TestPrinter(options, count: items.count)
        printer.begin()
        var results: [ScriptResult] = []
        var entries: [TestReportPage.Entry] = []
        var failed = 0
        let reportDirectory = options.reportDirectory
        // The scripts run in parallel: two of them writing one picture file would leave either's picture.
        let claims = PictureClaims()
        let delivered = WorkerPool.run(
            count: items.count, threads: options.jobs ?? WorkerPool.processorCount,
            work: { index in
                let result = check(items[index], claims: claims)
                return (result, reportDirectory.map { TestReportFolder.entry(for: result, in: $0) })
            },
            deliver: { _, output in
                printer.print(output.0)
                results.append(output.0)
                if let entry = output.1 { entries.append(entry) }
                if output.0.status == .fail || output.0.status == .error { failed += 1 }
                return options.maxFailures.map { failed < $0 } ?? true
            })
        if delivered < items.count, let limit = options.maxFailures {
            for item in items[delivered...] {
                let result = ScriptResult(skipped: item.path, reason: "not run: --max-failures \(limit) reached")
                printer.print(result)
                results.append(result)
                if reportDirectory != nil {
                    entries.append(
                        TestReportPage.Entry(
                            file: item.path, report: result.report, note: result.skipReason, skipped: true))
                }
            }
        }
        var status: Int32 = results.contains { $0.unreadable != nil } ? 2 : 0
        if let directory = reportDirectory {
            do throws(FileSystem.Failure) {
                try TestReportFolder.writeIndex(entries, in: directory)
            } catch {
                Console.error(errorLine(error.message))
                status = 2
            }
        }
        if let junit = options.junit {
            do throws(FileSystem.Failure) {
                try FileSystem.write(JUnitRenderer.document(results), to: junit)
            } catch {
                Console.error(errorLine(error.message))
                status = 2
            }
        }
        let totals = TestTotals(results)
        if items.isEmpty {
            let paths = options.paths.map(displayName).joined(separator: ", ")
            let narrowed = options.filter == nil && options.shard == nil ? "" : " (after --filter and --shard)"
            Console.error(errorLine("no .mbs scripts under \(paths)\(narrowed)"))
        }
        printer.end(totals)
        if status != 0 { return status }
        return totals.failed > 0 || totals.skipped > 0 || totals.passed == 0 ? 1 : 0
    }

    /// Runs one selected script in a fresh session, timing it and keeping the screen at each problem.
    static func check(_ item: TestSelection.Item, claims: PictureClaims? = nil) -> ScriptResult {
        switch item {
        case let .unreadable(path, message):
            var report = RunReport(file: path)
            report.markUnreadable(message)
            return ScriptResult(report: report, seconds: 0)
        case .script(let file):
            let start = WallClock.now()
            let report = FileRunner.run(file, keepsContext: true, claims: claims)
            return ScriptResult(report: report, seconds: WallClock.now() - start)
        }
    }
}

/// Writes results on standard output as they come in: text for people, TAP, or JSON lines.
struct TestPrinter {
    let format: TestOutputFormat
    let style: Style
    let verbose: Bool
    let count: Int
    private var number = 0

    init(_ options: TestOptions, count: Int) {
        format = options.format
        style = options.style
        verbose = options.verbose
        self.count = count
    }

    func begin() {
        if format == .tap { for line in TAPRenderer.header(count: count) { Console.out(line) } }
    }

    mutating func print(_ result: ScriptResult) {
        number += 1
        switch format {
        case .text: for line in TestText.lines(result, verbose: verbose) { Console.out(style.render(line)) }
        case .tap: for line in TAPRenderer.lines(result, number: number) { Console.out(line) }
        case .json: Console.out(TestJSON.line(result))
        }
    }

    /// The last line: `N passed, N failed` (SPEC §6) in text; a TAP comment; nothing more in JSON.
    func end(_ totals: TestTotals) {
        switch format {
        case .text: Console.out(TestText.summary(totals))
        case .tap: Console.out("# " + TestText.summary(totals))
        case .json: break
        }
    }
}
