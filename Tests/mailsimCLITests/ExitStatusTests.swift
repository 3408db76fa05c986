import Foundation
import Testing

/// Exit statuses (README "Exit status", `mailsim --help`): a usage error is an error like a script's, 2, not
/// sysexits' 64; `--help` and `--version` exit 0; an unknown subcommand is named, with a hint.
@Suite struct ExitStatusTests {
    @Test(arguments: [["run"], ["run", "--bogus", "a.mbs"], ["record", "Scripts/tour/tour.mbs"], ["--bogus"],
                      ["test", "--jobs", "0"], ["run", "--color", "sometimes", "a.mbs"]])
    func usageErrorsExitTwo(arguments: [String]) throws {
        let result = try CLI.run(arguments, stdin: "")
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(!result.stderr.isEmpty)
    }

    /// Every error starts `error:`, as mailsim writes them (issue 22 item 6), ArgumentParser's usage errors included.
    @Test(arguments: [["test", "--jobs", "0"], ["run", "--bogus", "a.mbs"], ["run"], ["--bogus"],
                      ["run", "--color", "sometimes", "a.mbs"], ["record", "Scripts/tour/tour.mbs"],
                      ["test", "--shard", "3/2"], ["--generate-completion-script", "tcsh"]])
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
        #expect(far.stderr == "error: unknown command 'frobnicate': the commands are run, test, record, serve, lsp (mailsim --help)\n")
    }

    @Test func helpListsTheExitStatuses() throws {
        let help = try CLI.run(["--help"])
        #expect(help.stdout.contains("Exit status: 0 success"))
        #expect(help.stdout.contains("2 an error"))
    }
}
