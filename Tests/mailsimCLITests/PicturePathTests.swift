import Foundation
import Testing

/// Where `snapshot FILE` writes, through the binary: beside the script that names it, in the current directory
/// for standard input; and `mailsim test`, running scripts in parallel, never lets two of them write one file.
@Suite struct PicturePathTests {
    /// A fresh temporary folder holding `files` (path → text), folders made as needed.
    static func folder(_ files: [String: String]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-paths-\(UUID().uuidString)")
        for (path, text) in files {
            let file = url.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return url
    }

    static func exists(_ url: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path)
    }

    @Test func aScriptsSnapshotIsWrittenBesideTheScript() throws {
        let folder = try Self.folder(["dir/a.mbs": "pan msg1 -100\nsnapshot a.svg\nrelease\nsettle\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", "dir/a.mbs"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.exists(folder, "dir/a.svg"), "relative to the script's folder")
        #expect(!Self.exists(folder, "a.svg"), "not to the current directory")
    }

    @Test func aScriptRunByItsAbsolutePathWritesBesideItself() throws {
        let folder = try Self.folder(["dir/a.mbs": "snapshot sub/../b.svg\n", "dir/sub/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", folder.appendingPathComponent("dir/a.mbs").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.exists(folder, "dir/b.svg"))
        #expect(!FileManager.default.fileExists(atPath: CLI.root.appendingPathComponent("b.svg").path))
    }

    @Test func standardInputWritesInTheCurrentDirectory() throws {
        let folder = try Self.folder(["dir/.keep": ""])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["run", "-"], stdin: "snapshot dir/c.svg\n", in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.exists(folder, "dir/c.svg"))
    }

    @Test func helpSaysWhereSnapshotWrites() throws {
        let result = try CLI.run(["run", "-"], stdin: "help snapshot\n")
        // Help is wrapped at 80 columns: the words are read across line ends.
        let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("relative to the script's folder"), "\(result.stdout)\(result.stderr)")
    }

    @Test func twoScriptsOfOneTestRunCannotWriteOneFile() throws {
        // The same file by two spellings from two folders; a.mbs writes it twice, which is its own business.
        let folder = try Self.folder([
            "t/a.mbs": "snapshot same.svg\nsnapshot same.svg\n",
            "t/sub/b.mbs": "tap menu\nsnapshot ../same.svg\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["test", "t", "--jobs", "2"], in: folder)
        let said = result.stdout + result.stderr
        #expect(result.status != 0, "\(said)")
        let first = "t/sub/b.mbs:2: error: snapshot: t/sub/../same.svg is also written by t/a.mbs:1 in this run"
        let second = "t/a.mbs:1: error: snapshot: t/same.svg is also written by t/sub/b.mbs:2 in this run"
        #expect(said.contains(first) != said.contains(second), "exactly one of the two scripts is stopped: \(said)")
        #expect(Self.exists(folder, "t/same.svg"))
    }

    @Test func oneScriptMayWriteItsOwnFileAgainInATestRun() throws {
        let folder = try Self.folder([
            "t/a.mbs": "snapshot same.svg\ntap menu\nsnapshot same.svg\n",
            "t/b.mbs": "snapshot other.svg\n"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(["test", "t", "--jobs", "2"], in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
