import Foundation
import Testing

/// Every error mailsim prints starts `error: ` (SPEC §7.12): a script's line as `FILE:LINE:
/// error: …`, everything else (files, options, outputs, ArgumentParser's own usage errors) as `error: …` alone.
@Suite struct ErrorLineTests {
    /// A folder holding `s.mbs`, a script that passes, `self.html` (a script named like a walkthrough), `d/`, an
    /// empty folder, and `file`, a plain file where a folder is wanted.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-errors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url.appendingPathComponent("d"), withIntermediateDirectories: true)
        for name in ["s.mbs", "self.html", "file"] {
            try Data("advance 0.1\n".utf8).write(to: url.appendingPathComponent(name))
        }
        return url
    }

    /// Each call, and the status it ends with (1 for a selection with nothing in it, as SPEC §7.17 says).
    static let calls: [([String], Int32)] = [
        (["run", "missing.mbs"], 2),  // a missing file
        (["run", "d"], 2),  // a folder where a script is wanted
        (["run", ""], 2),
        (["record", "missing.mbs", "-o", "w.gif"], 2),
        (["run", "--bogus", "s.mbs"], 2),  // ArgumentParser's unknown option
        (["--bogus"], 2),
        (["run"], 2),  // ArgumentParser's missing argument
        (["record", "s.mbs"], 2),
        (["tset"], 2),  // an unknown subcommand
        (["test", "--jobs", "0"], 2),
        (["test", "--jobs", "x"], 2),
        (["test", "--filter", "(", "s.mbs"], 2),
        (["test", "--shard", "3/2", "s.mbs"], 2),
        (["test", "--update", "--watch", "s.mbs"], 2),
        (["run", "--color", "sometimes", "s.mbs"], 2),
        (["record", "s.mbs", "-o", "w.txt"], 2),
        (["record", "s.mbs", "-o", "w.gif", "--fps", "0"], 2),
        (["record", "self.html", "-o", "self.html"], 2),  // an output that is an input
        (["run", "--trace-events", "s.mbs", "s.mbs"], 2),
        (["test", "--junit", "s.mbs", "s.mbs"], 2),
        (["test", "--report", "file", "s.mbs"], 2),  // a report folder that is a file
        (["run", "--trace-events", "no/such/t.json", "s.mbs"], 2),  // an output that cannot be written
        (["test", "--junit", "no/such/r.xml", "s.mbs"], 2),
        (["record", "s.mbs", "-o", "no/such/w.html"], 2),
        (["test", "d"], 1),  // no scripts
        (["test", "--update", "d"], 1)
    ]

    @Test(arguments: calls.indices)
    func everyErrorLineStartsWithError(_ index: Int) throws {
        let (arguments, status) = Self.calls[index]
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(arguments, in: folder)
        #expect(result.status == status, "mailsim \(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: ") == true, "mailsim \(arguments): \(result.stderr)")
        // ArgumentParser follows its error with the usage, which is not another error.
        let others = lines.dropFirst().filter {
            !$0.hasPrefix("Usage: ") && !$0.hasPrefix("Help: ") && !$0.hasPrefix("  ")
        }
        #expect(others.isEmpty, "mailsim \(arguments): \(result.stderr)")
        #expect(!result.stderr.contains("mailsim: "), "mailsim \(arguments): \(result.stderr)")
    }

    /// A file that cannot be read for its permissions (root reads it anyway: checked as another user only).
    @Test func anUnreadableFile() throws {
        guard geteuid() != 0 else { return }
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.appendingPathComponent("s.mbs").path, 0)
        let result = try CLI.run(["run", "s.mbs"], in: folder)
        #expect(
            result.status == 2 && result.stderr == "error: cannot read 's.mbs': Permission denied\n", "\(result.stderr)"
        )
    }

    /// A script's error keeps its place before the word: `FILE:LINE: error: …`.
    @Test func aScriptsErrorNamesItsLine() throws {
        let result = try CLI.run(["run", "-"], stdin: "relase\n")
        #expect(
            result.status == 2
                && result.stderr == "<stdin>:1: error: unknown command 'relase' (did you mean 'release'?)\n")
    }
}
