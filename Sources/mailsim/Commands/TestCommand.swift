import ArgumentParser

extension MailsimCommand {
    /// `mailsim test [PATH...]`: runs every script as a test and reports for people and for machines.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run every .mbs script under the paths as a test.",
            discussion: """
                Prints PASS or FAIL per script, in sorted order, each failed check and error beneath its script \
                (`FAIL  a.mbs: 3 of 14 checks failed`, then each `a.mbs:LINE: …`), then `N passed, N failed`. \
                Scripts run in parallel, each in its own simulation. Exit status: 0 when all passed, 1 otherwise, \
                2 for a usage error.

                Examples:
                  mailsim test --junit results.xml --report report
                      CI: a JUnit file and an HTML report with pictures of failures
                  mailsim test --format tap | tappy
                      TAP for a TAP consumer (--format json: a JSON object a line)
                  mailsim test --filter menu --verbose
                      the scripts whose path matches, with the screen at each failure
                  mailsim test --shard 2/4
                      the second of four parts of the suite (a CI matrix)
                  mailsim test --update Scripts/tour/tour.mbs
                      rewrite failing expects to what happens now
                  mailsim test --watch
                      rerun a script whenever it is saved, until Ctrl-C
                """
        )

        static let defaultPaths = ["Scripts"]

        @Argument(help: "Script files or folders to search for .mbs files.", completion: .file(extensions: ["mbs"]))
        var paths: [String] = Test.defaultPaths

        @Option(name: .long, help: "How many scripts run at once (default: the number of cores).")
        var jobs: Int?

        @Option(
            name: .long,
            help: ArgumentHelp(
                """
                What standard output carries: text (for people), tap (TAP version 13) or json (a JSON object a \
                line per script).
                """,
                valueName: "format"))
        var format: TestOutputFormat = .text

        @Option(
            name: .long,
            help: ArgumentHelp(
                """
                Also write JUnit XML: a <testcase> per script, a <failure> per failed check, an <error> for a \
                script stopped by an error.
                """,
                valueName: "file"),
            completion: .file(extensions: ["xml"]))
        var junit: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                """
                Also write DIR/index.html: each script's result, and for every failed check a picture of the \
                screen at that instant, the text render and timeline there, and a walkthrough up to that line.
                """,
                valueName: "dir"), completion: .directory)
        var report: String?

        @Flag(
            name: [.short, .long],
            help:
                """
                Show each script's time, and under each failure the screen at that instant (as `render` draws it) \
                and the last timeline entries before it.
                """
        )
        var verbose = false

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Run only the scripts whose path matches REGEX (Swift regular expression syntax, unanchored).",
                valueName: "regex"))
        var filter: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Start no new script after N scripts have failed; those not run are reported as skipped.",
                valueName: "n"))
        var maxFailures: Int?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                """
                Run the K-th of N parts of the selected scripts (script i, in sorted order from 0, belongs to \
                part i mod N + 1): a CI matrix of N machines runs the whole suite once.
                """,
                valueName: "k/n"), transform: Shard.parse)
        var shard: Shard?

        @Flag(
            name: .long,
            help:
                """
                Rewrite every failing `expect` in place so that it holds (the value becomes the actual one; \
                operator, `within`, comments and spacing kept), and print each change.
                """
        )
        var update = false

        @Flag(name: .long, help: "Run the scripts, then rerun each one whenever it is saved (inotify), until Ctrl-C.")
        var watch = false

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
            if let maxFailures, maxFailures < 1 { throw ValidationError("--max-failures must be at least 1") }
            if let filter {
                do { _ = try TestSelection.regex(filter) } catch { throw ValidationError(error.message) }
            }
            if update && watch {
                throw ValidationError("--update and --watch do not go together: update once, then watch")
            }
            if update || watch {
                let mode = update ? "--update" : "--watch"
                if junit != nil { throw ValidationError("\(mode) writes no JUnit file: leave out --junit") }
                if report != nil { throw ValidationError("\(mode) writes no report: leave out --report") }
                if maxFailures != nil { throw ValidationError("\(mode) runs every script: leave out --max-failures") }
                if update && format != .text {
                    throw ValidationError("--update prints its changes as text: leave out --format")
                }
            }
        }

        func run() throws {
            var options = TestOptions(paths: paths)
            options.jobs = jobs
            options.format = format
            options.junit = junit
            options.reportDirectory = report
            options.verbose = verbose
            options.filter = filter
            options.maxFailures = maxFailures
            options.shard = shard
            options.style = Style.resolve(output.color)
            let status = update ? UpdateMode.run(options) : watch ? WatchMode.run(options) : TestRun.execute(options)
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// What `mailsim test --format` writes on standard output.
enum TestOutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, tap, json
}

/// `--shard K/N`: the K-th of N parts, 1 ≤ K ≤ N.
struct Shard: ExpressibleByArgument, Equatable, Sendable {
    let index: Int
    let count: Int

    init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    init?(argument: String) {
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            return nil
        }
        self.init(index: k, count: n)
    }
}

/// Everything a `mailsim test` call asked for, read from the command line by ArgumentParser or `FastPath`.
struct TestOptions: Sendable {
    var paths: [String]
    var jobs: Int?
    var format = TestOutputFormat.text
    var junit: String?
    var reportDirectory: String?
    var verbose = false
    var filter: String?
    var maxFailures: Int?
    var shard: Shard?
    var style = Style.plain
}
