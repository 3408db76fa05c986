import Foundation
import Testing

/// Exit statuses (README "Exit status", `mailsim --help`): a usage error is an error like a script's, 2, not
/// sysexits' 64; `--help` and `--version` exit 0; an unknown subcommand is named, with a hint.
@Suite struct ExitStatusTests {
    @Test(arguments: [
        ["run"], ["run", "--bogus", "a.mbs"], ["record", "Scripts/tour/tour.mbs"], ["--bogus"],
        ["test", "--jobs", "0"], ["run", "--color", "sometimes", "a.mbs"]
    ])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try CLI.run(arguments, stdin: "")
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    /// Every error starts `error:`, as mailsim writes them, ArgumentParser's usage errors included.
    @Test(arguments: [
        ["test", "--jobs", "0"], ["run", "--bogus", "a.mbs"], ["run"], ["--bogus"],
        ["run", "--color", "sometimes", "a.mbs"], ["record", "Scripts/tour/tour.mbs"],
        ["test", "--shard", "3/2"], ["--generate-completion-script", "tcsh"]
    ])
    func usageErrorsStartWithError(arguments: [String]) throws {
        let result = try CLI.run(arguments, stdin: "")
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "), "\(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("Error:"), "\(arguments): \(result.stderr)")
    }

    @Test func jobsZeroSaysWhatIsWrong() throws {
        let result = try CLI.run(["test", "--jobs", "0"])
        #expect(result.stderr.hasPrefix("error: --jobs must be at least 1\nUsage: mailsim test"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [["--help"], ["--version"], ["run", "--help"], ["help", "test"]])
    func helpAndVersionExitZero(arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(!result.stdout.isEmpty)
    }

    @Test func anUnknownCommandIsNamedWithAHint() throws {
        let typo = try CLI.run(["tset"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "error: unknown command 'tset' (did you mean 'test'?)\n")
        #expect(typo.stdout.isEmpty)
        let far = try CLI.run(["frobnicate"])
        #expect(far.status == 2)
        #expect(
            far.stderr
                == """
                error: unknown command 'frobnicate': the commands are run, test, record, grade, export, serve, lsp \
                (mailsim --help)\n
                """
        )
    }

    /// A path that cannot be read is an error (2) for `test` as for `run`, in `run`'s words,
    /// whatever the scripts beside it did; it still counts as failed in the totals and the formats.
    @Test func testOfAPathThatCannotBeReadExitsTwo() throws {
        let missing = try CLI.run(["test", "NoSuchFolder"])
        #expect(missing.status == 2, "\(missing.stdout)\(missing.stderr)")
        #expect(
            missing.stdout.contains("FAIL  NoSuchFolder: cannot read 'NoSuchFolder': No such file or directory"),
            "\(missing.stdout)")
        #expect(missing.stdout.hasSuffix("0 passed, 1 failed\n"))
        let mixed = try CLI.run(["test", "Scripts/basics/counts.mbs", "NoSuchFolder", "--format", "json"])
        #expect(mixed.status == 2)
        #expect(mixed.stdout.contains(#""status":"error""#))
        let run = try CLI.run(["run", "NoSuchFolder"])
        #expect(run.status == 2 && run.stderr == "error: cannot read 'NoSuchFolder': No such file or directory\n")
    }

    /// `--no-trace` is described as what it does, not as `--trace` (ArgumentParser gives both one help text).
    @Test func noTraceHasItsOwnDescription() throws {
        let help = try CLI.run(["repl", "--help"])
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let flag = try #require(lines.firstIndex { $0.hasPrefix("  --trace") })
        let text = lines[flag...].prefix { !$0.isEmpty }.joined(separator: " ")
        #expect(text.contains("--no-trace"), "\(text)")
        #expect(text.contains("--trace prints every animation"), "\(text)")
        #expect(text.contains("--no-trace prints"), "\(text)")
    }

    @Test func helpListsTheExitStatuses() throws {
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("Exit status: 0 success"))
        #expect(help.stdout.contains("2 an error"))
    }
}
