import Foundation
import Testing

/// `mailsim run`, standard input and `mailsim test`, through the real binary: output, exit codes, FILE:LINE.
@Suite struct RunCommandTests {
    @Test func aWrongExpectationExitsOneNamesTheLineAndGoesOn() throws {
        let result = try CLI.run(["run", "Tests/Fixtures/wrong-expectation.mbs"])
        #expect(result.status == 1)
        #expect(result.stderr == "Tests/Fixtures/wrong-expectation.mbs:4: expected msg1.x == -90, got -100\n")
        #expect(result.stdout == "msg1.x = -100\n", "the script goes on after a failed expectation")
    }

    @Test func anUnknownCommandExitsTwoAndStops() throws {
        let result = try CLI.run(["run", "Tests/Fixtures/unknown-command.mbs"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "Tests/Fixtures/unknown-command.mbs:3: error: unknown command 'pna' (did you mean 'pan'?)\n")
        #expect(result.stdout.isEmpty, "the script stops at the error")
    }

    @Test func anErrorOutranksAFailureAcrossFiles() throws {
        let result = try CLI.run(["run", "Tests/Fixtures/wrong-expectation.mbs", "Tests/Fixtures/unknown-command.mbs"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("wrong-expectation.mbs:4:"))
        #expect(result.stderr.contains("unknown-command.mbs:3: error:"))
    }

    @Test func endingWithAFingerDownIsAnError() throws {
        let result = try CLI.run([], stdin: "pan msg1 -100\nexpect msg1.background == yellow\n")
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "<stdin>:2: error: the script ended with a finger still down on msg1 (end it with release)\n")
    }

    @Test func anEndlessLineStopsAtTheLimitInsteadOfEatingMemory() throws {
        let result = try CLI.run(["run", "/dev/zero"])
        #expect(result.status == 2)
        #expect(result.stderr == "/dev/zero:1: error: line longer than 16 MiB\n")
    }

    @Test func aMissingFileIsAnError() throws {
        let result = try CLI.run(["run", "Tests/Fixtures/no-such-script.mbs"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-script.mbs"))
        #expect(result.stderr.contains("No such file or directory"))
    }

    @Test func aDirectoryIsNotAScript() throws {
        let result = try CLI.run(["run", "Tests/Fixtures"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a directory"))
    }

    @Test func standardInputRunsAsAScript() throws {
        let ok = try CLI.run(
            [], stdin: "pan msg1 80\nrelease\nsettle\nexpect msg1.folder == archive\nshow archive.count\n")
        #expect(ok.status == 0)
        #expect(ok.stdout == "archive.count = 1\n")
        let failing = try CLI.run([], stdin: "expect inbox.count == 4\n")
        #expect(failing.status == 1)
        #expect(failing.stderr == "<stdin>:1: expected inbox.count == 4, got 5\n")
        let broken = try CLI.run([], stdin: "release\nshow time\n")
        #expect(broken.status == 2)
        #expect(broken.stderr == "<stdin>:1: error: no finger is down (nothing to release)\n")
        #expect(broken.stdout.isEmpty)
    }

    @Test func theSameScriptPrintsTheSameOutputTwice() throws {
        let script = "pan msg1 -200 in 0.25\nrelease\nadvance 0.4\nstate\ntimeline\nrender\nsettle\nstate\n"
        let first = try CLI.run([], stdin: script)
        let second = try CLI.run([], stdin: script)
        #expect(first.status == 0)
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout)
    }

    @Test func aBillionSecondAdvanceReturnsAtOnce() throws {
        let start = Date()
        let result = try CLI.run(
            [],
            stdin: "pan msg1 100\nrelease\nadvance 1000000000\nexpect time == 1000000000.3\nexpect archive.count == 1\n"
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func traceShowsEveryAnimationAndEvent() throws {
        let result = try CLI.run(["run", "--trace", "/dev/stdin"], stdin: "pan msg1 -180\nrelease\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("0.100  msg1 threshold crossed at x -60"))
        #expect(result.stdout.contains("0.300  msg1.x -180 → -320 over 0.3s easeInOut"))
    }

    @Test func testPrintsAVerdictPerScriptItsProblemsThenTheTotals() throws {
        let result = try CLI.run(["test", "Tests/Fixtures/suite"])
        #expect(result.status == 1)
        #expect(
            result.stdoutLines == [
                "FAIL  Tests/Fixtures/suite/a-fails.mbs: 1 of 3 checks failed",
                "  Tests/Fixtures/suite/a-fails.mbs:4: expected msg1.x == -90, got -100",
                "PASS  Tests/Fixtures/suite/b-passes.mbs (1 check)",
                "FAIL  Tests/Fixtures/suite/c-errors.mbs: stopped by an error at line 3",
                "  Tests/Fixtures/suite/c-errors.mbs:3: error: unknown command 'pna' (did you mean 'pan'?)",
                "1 passed, 2 failed"
            ])
    }

    @Test func testWithOnlyPassingScriptsExitsZero() throws {
        let result = try CLI.run(["test", "Tests/Fixtures/suite/b-passes.mbs"])
        #expect(result.status == 0)
        #expect(result.stdoutLines.last == "1 passed, 0 failed")
    }

    /// `mailsim test` with no path runs every script below `Scripts/`, in its subject folders, in sorted order,
    /// each named by its path (`PASS  Scripts/menu/menu-clamp.mbs (…)`).
    @Test func testWithoutPathsRunsEveryScriptInTheFolders() throws {
        let folder = CLI.root.appendingPathComponent("Scripts")
        let found = ((FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [])
            .filter { $0.hasSuffix(".mbs") }.map { "Scripts/" + $0 }.sorted()
        #expect(found.count >= 10 && found.contains("Scripts/tour/tour.mbs"))
        let result = try CLI.run(["test"])
        #expect(result.status == 0, "\(result.stdout)")
        let listed = result.stdoutLines.dropLast().map { line in
            String(line.dropFirst("PASS  ".count).prefix { $0 != " " })
        }
        #expect(listed == found)
        #expect(result.stdoutLines.last == "\(found.count) passed, 0 failed")
    }

    @Test func versionAndHelp() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("mailsim "))
        let help = try CLI.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("run"))
        #expect(help.stdout.contains("test"))
    }

    /// `mailsim run -` reads the script from standard input (`mailsim run - < file`), named `<stdin>`, with
    /// run's exit statuses; beside files it takes its place in the order.
    @Test func dashReadsStandardInput() throws {
        let passing = try CLI.run(
            ["run", "-"], stdin: "pan msg1 -100\nrelease\nsettle\nexpect overlay == reschedule\nshow overlay\n")
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout == "overlay       = reschedule\noverlay.alpha = 1\n")
        let failing = try CLI.run(["run", "-"], stdin: "pan msg1 -100\nrelease\nexpect msg1.x == 0\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.hasPrefix("<stdin>:3: expected msg1.x == 0, got "))
        let broken = try CLI.run(["run", "Scripts/tour/tour.mbs", "-"], stdin: "frobnicate\n")
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("<stdin>:1: error: unknown command 'frobnicate'"))
    }
}
