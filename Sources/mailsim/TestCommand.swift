import ArgumentParser
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

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

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        }

        func run() throws {
            let status = Test.execute(paths: paths, jobs: jobs)
            if status != 0 { throw ExitCode(status) }
        }

        /// One line of the report: a script to run, or a path that could not be searched.
        enum Item: Sendable {
            case script(String)
            case unreadable(path: String, message: String)
        }

        /// Runs every script under `paths` on `jobs` threads and prints their lines in order; the exit status.
        static func execute(paths: [String], jobs: Int?) -> Int32 {
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
            WorkerPool.run(count: items.count, threads: threads, work: { [items] index in
                Test.check(items[index])
            }, deliver: { _, result in
                Console.out(result.line)
                if result.passed { passed += 1 } else { failed += 1 }
            })
            if passed + failed == 0 {
                Console.error("mailsim: no .mbs scripts under \(paths.joined(separator: ", "))")
            }
            Console.out("\(passed) passed, \(failed) failed")
            return failed > 0 || passed == 0 ? 1 : 0
        }

        /// Runs one script in a fresh session: its `PASS`/`FAIL` line.
        static func check(_ item: Item) -> (line: String, passed: Bool) {
            switch item {
            case let .unreadable(path, message):
                return ("FAIL  \(path): \(message)", false)
            case .script(let file):
                let report = ScriptFile.run(file, trace: false) { _ in }
                if let error = report.error, case .unreadable(let message) = error.kind {
                    return ("FAIL  \(file): \(message)", false)
                }
                if let problem = report.firstProblem {
                    return ("FAIL  \(file): \(problem.text)", false)
                }
                return ("PASS  \(file) (\(report.checks) checks)", true)
            }
        }
    }
}
