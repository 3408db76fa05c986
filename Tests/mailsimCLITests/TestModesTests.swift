import Foundation
import Testing

@testable import mailsim

/// `mailsim test`'s selection, limits and modes, through the real binary where the file system is involved.
@Suite struct TestModesTests {
    static let items = (0..<23).map { TestSelection.Item.script("s/\(String(format: "%02d", $0)).mbs") }

    /// The N shards of a suite are disjoint, together the whole suite, and within one script of each other.
    @Test(arguments: 1...7)
    func shardsPartitionTheSuite(_ count: Int) {
        var seen: [String] = []
        var sizes: [Int] = []
        for index in 1...count {
            let part = TestSelection(Self.items, filter: nil, shard: Shard(index: index, count: count)).items
            seen += part.map(\.path)
            sizes.append(part.count)
        }
        #expect(seen.sorted() == Self.items.map(\.path))
        #expect(sizes.max()! - sizes.min()! <= 1)
    }

    @Test func shardArgumentsAreChecked() {
        #expect(Shard(argument: "2/4") == Shard(index: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "2", "a/b", "1/2/3", "-1/2", ""] {
            #expect(Shard(argument: bad) == nil, "\(bad)")
        }
    }

    @Test func filterMatchesAnywhereInThePath() {
        let picked = TestSelection(Self.items, filter: "1[0-2]|0[3]", shard: nil).items.map(\.path)
        #expect(picked == ["s/03.mbs", "s/10.mbs", "s/11.mbs", "s/12.mbs"])
        #expect(throws: TestSelection.BadPattern.self) { try TestSelection.regex("(unclosed") }
    }

    /// A folder of scripts: `fail-N` fail, `pass-N` pass.
    static func suite() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-modes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a-fail", "b-pass", "c-fail", "d-pass", "e-fail", "f-pass"] {
            let text = name.hasSuffix("fail") ? "expect time == 1\n" : "expect time == 0\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent(name + ".mbs"))
        }
        return folder
    }

    /// `--max-failures 2` starts nothing after the second failure: the rest are skipped, in every format.
    @Test func maxFailuresStopsStartingScripts() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["test", "--max-failures", "2", "--jobs", "3", folder.path])
        #expect(result.status == 1)
        let lines = result.stdoutLines.map { $0.replacingOccurrences(of: folder.path + "/", with: "") }
        #expect(
            lines == [
                "FAIL  a-fail.mbs: 1 of 1 check failed", "  a-fail.mbs:1: expected time == 1, got 0",
                "PASS  b-pass.mbs (1 check)",
                "FAIL  c-fail.mbs: 1 of 1 check failed", "  c-fail.mbs:1: expected time == 1, got 0",
                "SKIP  d-pass.mbs (not run: --max-failures 2 reached)",
                "SKIP  e-fail.mbs (not run: --max-failures 2 reached)",
                "SKIP  f-pass.mbs (not run: --max-failures 2 reached)",
                "1 passed, 2 failed"
            ])
        let json = try CLI.run(["test", "--max-failures", "1", "--format", "json", folder.path])
        let statuses = try json.stdoutLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["status"] as? String
        }
        #expect(statuses == ["fail", "skipped", "skipped", "skipped", "skipped", "skipped"])
    }

    /// `--shard K/N` runs every script exactly once across the N calls; `--filter` narrows first.
    @Test func shardsAndFilterThroughTheBinary() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        var ran: [String] = []
        for k in 1...4 {
            let result = try CLI.run(["test", "--format", "json", "--shard", "\(k)/4", folder.path])
            ran += try result.stdoutLines.map { line in
                try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["path"]
                    as! String
            }
        }
        #expect(
            ran.sorted()
                == ["a-fail", "b-pass", "c-fail", "d-pass", "e-fail", "f-pass"].map { folder.path + "/" + $0 + ".mbs" })
        let filtered = try CLI.run(["test", "--filter", "pass", folder.path])
        #expect(filtered.status == 0)
        #expect(filtered.stdoutLines.last == "3 passed, 0 failed")
    }

    /// A call that cannot be read is a usage error: exit 2 and a line that says what is wrong.
    @Test func badFlagsAreUsageErrors() throws {
        let regex = try CLI.run(["test", "--filter", "(menu", "Scripts"])
        #expect(regex.status == 2)
        #expect(regex.stderr.contains("--filter: '(menu' is not a regular expression"))
        for argv in [
            ["test", "--shard", "5/4"], ["test", "--max-failures", "0"], ["test", "--format", "xml"],
            ["test", "--update", "--watch"], ["test", "--watch", "--junit", "r.xml"]
        ] {
            #expect(try CLI.run(argv).status == 2, "\(argv)")
        }
    }

    /// `--color always` colours the verdicts; NO_COLOR and `--color never` do not.
    @Test func verdictsAreColouredWhenAsked() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let coloured = try CLI.run(["test", "--color", "always", folder.path])
        #expect(coloured.stdout.contains("\u{1B}[1;32mPASS\u{1B}[0m"))
        #expect(coloured.stdout.contains("\u{1B}[1;31mFAIL\u{1B}[0m"))
        let plain = try CLI.run(["test", "--color", "never", folder.path])
        #expect(!plain.stdout.contains("\u{1B}["))
    }

    /// `--update` then `test`: the second run passes, and a second update changes nothing.
    @Test func updateThenTestPasses() throws {
        let folder = try Self.suite()
        defer { try? FileManager.default.removeItem(at: folder) }
        let update = try CLI.run(["test", "--update", folder.path])
        #expect(update.status == 0)
        #expect(update.stdoutLines.contains(folder.path + "/a-fail.mbs:1: time == 1 → 0"))
        #expect(update.stdoutLines.last == "updated 3 expectations in 3 scripts")
        #expect(try CLI.run(["test", folder.path]).status == 0)
        let again = try CLI.run(["test", "--update", folder.path])
        #expect(again.stdoutLines == ["updated 0 expectations in 0 scripts"])
    }
}
