import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Bounded resources, through the binary: a long script's peak memory grows only with the script's own bytes
/// (the session keeps the newest 10 000 timeline entries and, in a script, no transcript); `reset 500` with a
/// long script and the longest pan at the highest frame rate finish in bounded time. `tools/resources.sh`
/// measures the full-size runs (a million commands, 100 000 lines after `reset 500`) with the release binary.
@Suite struct ResourceTests {
    /// Twenty commands that end at rest (`Tests/Fixtures/resource-cycle.mbs`, shared with `tools/resources.sh`).
    static let cycle =
        try! String(contentsOf: CLI.root.appendingPathComponent("Tests/Fixtures/resource-cycle.mbs"), encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(separator: "\n") + "\n"

    static func script(lines: Int) -> [UInt8] {
        Array(String(repeating: cycle, count: lines / 20).utf8)
    }

    /// Runs `mailsim ARGUMENTS` with its output thrown away; its exit status and peak resident memory (KB),
    /// from the rusage of that one child (wait4), so that other tests running at the same time do not count.
    static func peak(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([CLI.binary.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLI.binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), usage.ru_maxrss)
    }

    static func write(_ bytes: [UInt8], _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mailsim-\(UUID().uuidString)-\(name).mbs")
        try Data(bytes).write(to: url)
        return url
    }

    /// 25 000 commands fill the timeline already (about 43 000 entries); 100 000 add 75 000 commands and about
    /// 130 000 entries more, which, kept, would take over 20 MB. The peak may grow only with the script.
    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
            "under tools/sanitize.sh, a sanitizer's shadow memory and quarantine count as resident"))
    func aLongScriptStaysBoundedInMemory() throws {
        let short = try Self.write(Self.script(lines: 25_000), "short")
        let long = try Self.write(Self.script(lines: 100_000), "long")
        defer {
            try? FileManager.default.removeItem(at: short)
            try? FileManager.default.removeItem(at: long)
        }
        let a = try Self.peak(["run", short.path])
        let b = try Self.peak(["run", long.path])
        #expect(a.status == 0 && b.status == 0)
        let growth = b.kilobytes - a.kilobytes
        // The script itself: 75 000 more lines of about 12 bytes, and a 32-byte slice for each.
        #expect(growth < 10_000, "100 000 commands peak at \(b.kilobytes) KB, 25 000 at \(a.kilobytes) KB")
    }

    /// `reset 500` and 25 000 lines over the rows on screen (the 100 000-line run is in tools/resources.sh).
    @Test func resetFiveHundredWithALongScript() throws {
        var text = "reset 500\n"
        for i in 0..<3_125 {
            text += "pan msg\(i % 5 + 1) -100 in 0\nrelease\nsettle\ntap\nsettle\nshake\ntap undo\nsettle\n"
        }
        text += "expect inbox.count == 500\nexpect msg500.y == 43058\nexpect undo.count == 0\nexpect time == 4687.5\n"
        let url = try Self.write(Array(text.utf8), "reset500")
        defer { try? FileManager.default.removeItem(at: url) }
        let start = Date()
        let result = try CLI.run(["run", url.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 60)
    }

    /// The longest pan (3600 s) at the highest frame rate (240): 864 000 frames, in bounded time.
    @Test func theLongestPanAtTheHighestFrameRate() throws {
        let start = Date()
        let result = try CLI.run(
            [],
            stdin: """
                set fps 240
                pan msg1 100 in 3600
                expect time == 3600
                expect msg1.x == 100
                release
                settle
                expect msg1.folder == archive
                timeline msg1

                """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2160.000  msg1 threshold crossed at x 60: gray archive → green archive"))
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
