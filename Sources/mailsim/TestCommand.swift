import ArgumentParser
import MailboxSim

extension MailsimCommand {
    /// `mailsim test [PATH...]`: runs every script as a test, one line each, then the totals.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every .mbs script under the paths as a test.",
            discussion: "Prints PASS or FAIL (with the first problem) per script, then `N passed, N failed`. Exit status 0 when all passed, 1 otherwise."
        )

        @Argument(help: "Script files or folders to search for .mbs files.")
        var paths: [String] = ["Scripts"]

        func run() throws {
            var passed = 0, failed = 0
            for path in paths {
                let files: [String]
                do {
                    files = try FileSystem.scripts(under: path)
                } catch {
                    Console.out("FAIL  \(path): \(error.message)")
                    failed += 1
                    continue
                }
                for file in files {
                    var session = Session()
                    let report: ScriptReport
                    do {
                        report = ScriptRunner.run(try FileSystem.read(file), file: file, session: &session)
                    } catch {
                        Console.out("FAIL  \(file): \(error.message)")
                        failed += 1
                        continue
                    }
                    if let problem = report.firstProblem {
                        Console.out("FAIL  \(file): \(problem)")
                        failed += 1
                    } else {
                        Console.out("PASS  \(file) (\(report.checks) checks)")
                        passed += 1
                    }
                }
            }
            if passed + failed == 0 {
                Console.error("mailsim: no .mbs scripts under \(paths.joined(separator: ", "))")
            }
            Console.out("\(passed) passed, \(failed) failed")
            if failed > 0 || passed == 0 { throw ExitCode(1) }
        }
    }
}
