import ArgumentParser
import Testing

@testable import mailsim

/// `FastPath` reads the common calls by hand to skip ArgumentParser's start-up cost; whatever it accepts,
/// ArgumentParser must read the same way, so the command line keeps one meaning.
@Suite struct FastPathTests {
    static let runCalls: [[String]] = [
        ["run", "a.mbs"], ["run", "a.mbs", "b.mbs"], ["run", "--trace", "a.mbs"], ["run", "a.mbs", "--trace"],
        ["run", "--color", "always", "a.mbs"], ["run", "--color=never", "a.mbs", "--trace"],
        ["run", "a.mbs", "--color", "auto"], ["run", "-"], ["run", "--trace", "-", "a.mbs"],
        ["run", "--trace-events", "out.json", "a.mbs"], ["run", "a.mbs", "--trace-events=out.json", "b.mbs"],
        ["run", "--trace", "--trace-events", "t.json", "--color", "never", "a.mbs"]
    ]

    @Test(arguments: runCalls)
    func runReadsAsArgumentParserReadsIt(_ argv: [String]) throws {
        let fast = try #require(FastPath.RunCall(argv.dropFirst()))
        let parsed = try #require(try MailsimCommand.parseAsRoot(argv) as? MailsimCommand.Run)
        #expect(fast.files == parsed.files)
        #expect(fast.trace == parsed.trace)
        #expect(fast.color == parsed.output.color)
        #expect(fast.traceEvents == parsed.traceEvents)
    }

    static let testCalls: [[String]] = [
        ["test"], ["test", "Scripts"], ["test", "a", "b"], ["test", "--jobs", "3"], ["test", "--jobs=1", "x.mbs"],
        ["test", "x.mbs", "--jobs", "2"]
    ]

    @Test(arguments: testCalls)
    func testReadsAsArgumentParserReadsIt(_ argv: [String]) throws {
        let fast = try #require(FastPath.TestCall(argv.dropFirst()))
        let parsed = try #require(try MailsimCommand.parseAsRoot(argv) as? MailsimCommand.Test)
        #expect(fast.paths == parsed.paths)
        #expect(fast.jobs == parsed.jobs)
    }

    /// What the fast path does not read, it leaves to ArgumentParser (which reports mistakes and help).
    static let leftToArgumentParser: [[String]] = [
        ["run"], ["run", "--help"], ["run", "--trace", "--trace", "a.mbs"], ["run", "--colour", "never", "a.mbs"],
        ["run", "--color", "sometimes", "a.mbs"], ["run", "--", "-a.mbs"],
        ["run", "--trace-events", "a.json", "--trace-events", "b.json", "x.mbs"], ["run", "x.mbs", "--trace-events"],
        ["run", "--trace-event", "a.json", "x.mbs"], ["test", "--jobs", "0"],
        ["test", "--jobs"], ["test", "--help"], ["test", "-h"]
    ]

    @Test(arguments: leftToArgumentParser)
    func unusualCallsGoToArgumentParser(_ argv: [String]) {
        if argv[0] == "run" { #expect(FastPath.RunCall(argv.dropFirst()) == nil) }
        if argv[0] == "test" { #expect(FastPath.TestCall(argv.dropFirst()) == nil) }
    }
}
