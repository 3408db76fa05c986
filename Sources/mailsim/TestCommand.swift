import ArgumentParser
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import MailboxWalkthrough

extension MailsimCommand {
    /// `mailsim test [PATH...]`: runs every script as a test, one line each, then the totals.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every .mbs script under the paths as a test.",
            discussion: "Prints PASS or FAIL (with the first problem) per script, in sorted order, then `N passed, N failed`. Scripts run in parallel, each in its own simulation. Exit status 0 when all passed, 1 otherwise."
        )

        static let defaultPaths = ["Scripts"]

        @Argument(help: "Script files or folders to search for .mbs files.")
        var paths: [String] = Test.defaultPaths

        @Option(name: .long, help: "How many scripts run at once (default: the number of cores).")
        var jobs: Int?

        @Option(name: .long, help: ArgumentHelp(
            "Also write DIR/index.html: each script's result, and for every failed check a picture of the screen at that instant and a walkthrough up to that line.",
            valueName: "DIR"))
        var report: String?

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            let status = Test.execute(paths: paths, jobs: jobs, reportDirectory: report)
            if status != 0 { throw ExitCode(status) }
        }

        /// One line of the report: a script to run, or a path that could not be searched.
        enum Item: Sendable {
            case script(String)
            case unreadable(path: String, message: String)
        }

        /// Runs every script under `paths` on `jobs` threads and prints their lines in order; the exit status.
        static func execute(paths: [String], jobs: Int?, reportDirectory: String? = nil) -> Int32 {
            if let reportDirectory {
                do throws(FileSystem.Failure) {
                    try TestReport.prepare(reportDirectory)
                } catch {
                    Console.error("mailsim: test: \(error.message)")
                    return 2
                }
            }
            var items: [Item] = []
            for path in paths {
                do {
                    items += try FileSystem.scripts(under: path).map(Item.script)
                } catch {
                    items.append(.unreadable(path: path, message: error.message))
                }
            }
            var passed = 0, failed = 0
            let threads = jobs ?? WorkerPool.processorCount
            var entries: [TestReportPage.Entry] = []
            WorkerPool.run(count: items.count, threads: threads, work: { [items] index in
                let result = Test.check(items[index])
                let entry = reportDirectory.map { TestReport.entry(for: items[index], result.report, in: $0) }
                return (result.line, result.passed, entry)
            }, deliver: { _, result in
                Console.out(result.0)
                if result.1 { passed += 1 } else { failed += 1 }
                if let entry = result.2 { entries.append(entry) }
            })
            if let reportDirectory {
                do throws(FileSystem.Failure) {
                    try TestReport.writeIndex(entries, in: reportDirectory)
                } catch {
                    Console.error("mailsim: test: \(error.message)")
                    return 2
                }
            }
            if passed + failed == 0 {
                Console.error("mailsim: no .mbs scripts under \(paths.joined(separator: ", "))")
            }
            Console.out("\(passed) passed, \(failed) failed")
            return failed > 0 || passed == 0 ? 1 : 0
        }

        /// Runs one script in a fresh session: its `PASS`/`FAIL` line.
        static func check(_ item: Item) -> (line: String, passed: Bool, report: ScriptReport?) {
            switch item {
            case let .unreadable(path, message):
                return ("FAIL  \(path): \(message)", false, nil)
            case .script(let file):
                let report = ScriptFile.run(file, trace: false) { _ in }
                if let error = report.error, case .unreadable(let message) = error.kind {
                    return ("FAIL  \(file): \(message)", false, report)
                }
                if let problem = report.firstProblem {
                    return ("FAIL  \(file): \(problem.text)", false, report)
                }
                return ("PASS  \(file) (\(report.checks) checks)", true, report)
            }
        }
    }
}
