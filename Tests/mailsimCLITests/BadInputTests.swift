import Foundation
import MailsimTestSupport
import Testing

/// The catalogue of bad input, through the real binary: each script gets exactly one clear error line on
/// standard error, `FILE:LINE: error: …`, exit status 2, nothing after the error runs, and nothing crashes.
///
/// `Tests/Fixtures/bad/NAME.mbs` holds one bad input each, its expected standard error beside it in
/// `NAME.stderr`; every such script ends with `show time`, which must never print. Inputs that are awkward to
/// keep in git (NUL, invalid UTF-8, control characters, a 1 MiB line, CRLF) are written here into a
/// temporary folder. `BadInputStateTests` runs the same fixtures through the library and checks that the
/// refused line left the session exactly as it was.
@Suite struct BadInputTests {
    static let folder = CLI.root.appendingPathComponent("Tests/Fixtures/bad")

    static let fixtures: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        // Sorted as `mailsim test` sorts them: by file name, extension included.
        return names.filter { $0.hasSuffix(".mbs") }.sorted().map { String($0.dropLast(4)) }
    }()

    @Test func theCatalogueIsThere() {
        #expect(Self.fixtures.count >= 80)
        for name in Self.fixtures {
            #expect(
                FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(name + ".stderr").path),
                "\(name).mbs has no \(name).stderr")
        }
    }

    @Test(arguments: fixtures)
    func fixture(_ name: String) throws {
        let path = "Tests/Fixtures/bad/\(name).mbs"
        let expected = try String(contentsOf: Self.folder.appendingPathComponent(name + ".stderr"), encoding: .utf8)
        let result = try CLI.run(["run", path])
        #expect(result.status == 2)
        #expect(result.stderr == expected)
        #expect(result.stderr.hasPrefix(path + ":"), "the error names the file and line")
        #expect(result.stderr.contains(": error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "exactly one line")
        #expect(result.stdout.isEmpty, "nothing after the error ran")
    }

    /// `mailsim test` over the whole catalogue: every script fails, stopped at its line, with the same error
    /// beneath it.
    @Test func theTestCommandFailsEveryOneOnItsLine() throws {
        let result = try CLI.run(["test", "Tests/Fixtures/bad"])
        #expect(result.status == 1)
        let lines = result.stdoutLines
        #expect(lines.count == 2 * Self.fixtures.count + 1)
        #expect(lines.last == "0 passed, \(Self.fixtures.count) failed")
        for (index, name) in Self.fixtures.enumerated() where 2 * index + 1 < lines.count {
            let expected = try String(contentsOf: Self.folder.appendingPathComponent(name + ".stderr"), encoding: .utf8)
            let line = Int(expected.split(separator: ":")[1]) ?? 0
            #expect(lines[2 * index] == "FAIL  Tests/Fixtures/bad/\(name).mbs: stopped by an error at line \(line)")
            #expect(lines[2 * index + 1] == "  " + expected.dropLast())
        }
    }

    // MARK: Generated inputs

    /// A fresh temporary folder for one test's scripts.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `bytes` to NAME.mbs in a fresh folder and runs it; returns the path and what happened.
    static func run(_ bytes: [UInt8], named name: String = "t") throws -> (path: String, result: CLI.Result) {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(name + ".mbs")
        try Data(bytes).write(to: url)
        return (url.path, try CLI.run(["run", url.path]))
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Control characters, NUL included, wherever they are on the line: refused with their code and column.
    @Test(arguments: [
        (bytes("advance 0.1\0\nshow time\n"), "1: error: control character U+0000 at column 12"),
        (bytes("\0"), "1: error: control character U+0000 at column 1"),
        (bytes("settle\npan msg1 -100\u{1B}[31m\nshow time\n"), "2: error: control character U+001B at column 14"),
        (bytes("pan\u{0C}msg1 -100\n"), "1: error: control character U+000C at column 4"),
        (bytes("pan msg1 -100\u{0B}\n"), "1: error: control character U+000B at column 14"),
        (bytes("settle\u{7F}\n"), "1: error: control character U+007F at column 7"),
        (bytes("compose\ntype a\u{85}b\nshow compose.to\n"), "2: error: control character U+0085 at column 7"),
        (bytes("settle\rshow time\n"), "1: error: control character U+000D at column 7")
    ])
    func controlCharacters(_ script: [UInt8], _ expected: String) throws {
        let (path, result) = try Self.run(script)
        #expect(result.status == 2)
        #expect(result.stderr == "\(path):\(expected)\n")
        #expect(result.stdout.isEmpty)
    }

    /// Invalid UTF-8: a stray byte, a truncated sequence, an overlong encoding, a surrogate, bytes past U+10FFFF.
    @Test(arguments: [
        (
            [0x70, 0x61, 0x6E, 0x20, 0x6D, 0x73, 0x67, 0x31, 0x20, 0xFF, 0x31, 0x30, 0x0A],
            "1: error: invalid UTF-8 at byte 10"
        ),
        (bytes("settle\n") + [0x74, 0x79, 0x70, 0x65, 0x20, 0xC3], "2: error: invalid UTF-8 at byte 6"),
        ([0xC0, 0xAF, 0x0A], "1: error: invalid UTF-8 at byte 1"),
        (bytes("show ") + [0xED, 0xA0, 0x80] + bytes("\n"), "1: error: invalid UTF-8 at byte 6"),
        (bytes("# a comment ") + [0xF4, 0x90, 0x80, 0x80] + bytes("\n"), "1: error: invalid UTF-8 at byte 13"),
        (bytes("settle\nsettle\n") + [0x80] + bytes("\nshow time\n"), "3: error: invalid UTF-8 at byte 1")
    ])
    func invalidUTF8(_ script: [UInt8], _ expected: String) throws {
        let (path, result) = try Self.run(script)
        #expect(result.status == 2)
        #expect(result.stderr == "\(path):\(expected)\n")
        #expect(result.stdout.isEmpty)
    }

    /// A 1 MiB line: refused with the word cut to 40 characters, quickly; as a comment or blanks, fine.
    @Test func aOneMebibyteLine() throws {
        let mebibyte = 1 << 20
        let x40 = String(repeating: "x", count: 40)
        let cases: [(String, Int32, String)] = [
            (
                "pan msg1 " + String(repeating: "x", count: mebibyte), 2,
                "1: error: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not a number\n"
            ),
            (String(repeating: "x", count: mebibyte), 2, "1: error: unknown command '\(x40)…'\n"),
            (
                "advance " + String(repeating: "9", count: mebibyte), 2,
                "1: error: '\(String(repeating: "9", count: 40))…' is out of range\n"
            ),
            (
                "pan msg1 -100\nrelease\nsettle\nchoose " + String(repeating: "x", count: mebibyte), 2,
                """
                4: error: unknown option '\(x40)…' on the reschedule options; they offer later-today, \
                this-evening, tomorrow, this-weekend, next-week, in-a-month, someday\n
                """
            ),
            (String(repeating: "!", count: mebibyte), 2, "1: error: '! !' is not allowed\n"),
            ("# " + String(repeating: "x", count: mebibyte) + "\nexpect time == 0", 0, ""),
            (String(repeating: " \t", count: mebibyte / 2) + "\nexpect time == 0", 0, ""),
            ("advance 0." + String(repeating: "1", count: mebibyte) + "\nexpect time == 0.111111111", 0, ""),
            // A compose field holds at most 64 KiB; the line is refused whole.
            (
                "compose\ntype " + String(repeating: "y", count: mebibyte) + "\nexpect compose.focus == to", 2,
                """
                2: error: the to field holds at most 65,536 bytes of text (64 KiB): it has 0, this line types \
                1,048,576; nothing was typed\n
                """
            )
        ]
        for (script, status, expected) in cases {
            let start = Date()
            let (path, result) = try Self.run(Self.bytes(script + "\n"))
            #expect(result.status == status, "\(script.prefix(30))…")
            #expect(result.stderr == (expected.isEmpty ? "" : "\(path):\(expected)"), "\(script.prefix(30))…")
            // A guard against a quadratic walk (hours on a mebibyte), not a timing: linear takes milliseconds, and
            // a sanitizer build on a loaded machine once took 10.9 s for all of it.
            #expect(Date().timeIntervalSince(start) < 60, "a 1 MiB line takes a minute: \(script.prefix(30))…")
        }
    }

    /// CRLF line ends read as LF: a script passes the same, and an error names the right line without a CR.
    @Test func crlfLineEnds() throws {
        let good = try Self.run(
            Self.bytes("pan msg1 100\r\nrelease\r\nsettle\r\nexpect msg1.folder == archive\r\nshow archive.count\r\n"))
        #expect(good.result.status == 0, "\(good.result.stderr)")
        #expect(good.result.stdout == "archive.count = 1\n")
        let bad = try Self.run(Self.bytes("settle\r\nexpect time == 0\r\nrelase\r\nshow time\r\n"))
        #expect(bad.result.status == 2)
        #expect(bad.result.stderr == "\(bad.path):3: error: unknown command 'relase' (did you mean 'release'?)\n")
        let noFinalNewline = try Self.run(Self.bytes("pan msg1 -100\r\nrelease\r"))
        #expect(noFinalNewline.result.status == 0, "\(noFinalNewline.result.stderr)")
    }

    /// Files that are not scripts: one line naming the file, exit 2, and `run` goes on with the next file.
    @Test func filesThatCannotBeRead() throws {
        let missing = try CLI.run(["run", "Tests/Fixtures/bad/no-such-script.mbs"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr == "error: cannot read 'Tests/Fixtures/bad/no-such-script.mbs': No such file or directory\n")
        let directory = try CLI.run(["run", "Tests/Fixtures/bad"])
        #expect(directory.status == 2)
        #expect(directory.stderr == "error: cannot read 'Tests/Fixtures/bad': it is a directory\n")
        let empty = try CLI.run(["run", ""])
        #expect(empty.status == 2)
        #expect(empty.stderr == "error: cannot read '': No such file or directory\n")
        let then = try CLI.run(["run", "Tests/Fixtures/bad/no-such-script.mbs", "Tests/Fixtures/suite/b-passes.mbs"])
        #expect(then.status == 2)
        #expect(then.stderr.split(separator: "\n").count == 1, "the second script ran and passed")
    }

    /// `mailsim test DIR` lists each folder once: two links back to a parent folder used to make it walk
    /// exponentially many paths (a hang); one, run the same script forty times.
    @Test func testListsEachFolderOnceWhateverLinksLeadBack() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try Data("expect time == 0\n".utf8).write(to: inner.appendingPathComponent("t.mbs"))
        try FileManager.default.createSymbolicLink(
            atPath: inner.appendingPathComponent("up").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: inner.appendingPathComponent("up2").path, withDestinationPath: "..")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("b").path, withDestinationPath: "a")
        let result = try CLI.run(["test", folder.path])
        #expect(result.status == 0)
        #expect(result.stdoutLines == ["PASS  \(folder.path)/a/t.mbs (1 check)", "1 passed, 0 failed"])
    }

    /// An empty script, blank lines and comments only: nothing to do, exit 0.
    @Test func emptyScripts() throws {
        for script in ["", "\n\n\n", "# only a comment\n", "   \t  \n# x\n\r\n", "\u{FEFF}"] {
            let (_, result) = try Self.run(Self.bytes(script))
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty, "\(script.debugDescription)")
        }
    }

    /// Random bytes, seeded: never a crash; exit 0, 1 or 2, and at most one error line.
    @Test func randomBytesNeverCrash() throws {
        var generator = SeededRandom(seed: 0x5EED)
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for i in 0..<40 {
            let count = Int(generator.next() % 2000)
            let alphabet =
                Self.bytes("pan msg1 release advance settle tap choose 0.3 -100 ! # \n\r\t") + [
                    0, 0xFF, 0xC3, 0xE2, 0x80
                ]
            let bytes = (0..<count).map { _ in
                generator.next() % 4 == 0
                    ? UInt8(truncatingIfNeeded: generator.next())
                    : alphabet[Int(generator.next() % UInt64(alphabet.count))]
            }
            let url = folder.appendingPathComponent("random-\(i).mbs")
            try Data(bytes).write(to: url)
            paths.append(url.path)
        }
        for path in paths {
            let result = try CLI.run(["run", path])
            #expect([0, 1, 2].contains(result.status), "\(path): status \(result.status)")
            let errors = result.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
            #expect(errors.count <= 1)
            #expect(
                !result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"),
                "\(path): \(result.stderr)")
        }
    }

    /// Standard input is read the same way as a file: a NUL, invalid UTF-8, a finger left down.
    @Test func standardInput() throws {
        let nul = try CLI.run([], stdin: "settle\nadvance 0.1\0\nshow time\n")
        #expect(nul.status == 2)
        #expect(nul.stderr == "<stdin>:2: error: control character U+0000 at column 12\n")
        let finger = try CLI.run([], stdin: "edgepan 100\nexpect gesture == edgepan\n")
        #expect(finger.status == 2)
        #expect(
            finger.stderr
                == """
                <stdin>:2: error: the script ended with a finger still down on the screen edge (end it with \
                release)\n
                """
        )
    }
}
