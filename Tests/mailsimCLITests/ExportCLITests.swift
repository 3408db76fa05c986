import Foundation
import MailboxHandoff
import MailboxScript
import MailboxSim
import Testing

/// `mailsim export FORMAT [SCRIPT]` and the script language's `export FORMAT FILE` through the real binary (SPEC
/// §7.19): what is written is the renderer's text for the settings in force, written whole, never over a file
/// without --force, never over the script; a failing script writes nothing.
@Suite struct ExportCLITests {
    /// What the binary's exports carry: the generator `mailsim VERSION`.
    static let options: HandoffOptions = {
        let version = (try? CLI.run(["--version"]).stdout) ?? "mailsim"
        return HandoffOptions(generator: version.trimmingCharacters(in: .newlines))
    }()

    /// The renderer's text for SPEC's settings changed by `set` lines.
    static func expected(_ format: HandoffFormat, _ sets: [String] = [], typeName: String? = nil) throws -> String {
        var settings = Settings()
        for line in sets {
            let words = line.split(separator: " ")
            settings = try TunableTable.change(name: words[0], words: Array(words.dropFirst())).applied(to: settings)
        }
        var options = options
        if let typeName { options.typeName = typeName }
        return HandoffExport.render(format, settings: settings, options: options)
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mailsim-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    @Test(arguments: HandoffFormat.allCases)
    func withoutAScriptSPECsDefaultsGoToStandardOutput(_ format: HandoffFormat) throws {
        let result = try CLI.run(["export", format.rawValue])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdout == (try Self.expected(format)))
    }

    @Test func theSettingsAtTheScriptsEndThenProfileThenSets() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "set threshold.left.near 80\nstate\nset duration.slide 0.4\n".write(
            to: dir.appendingPathComponent("tuned.mbs"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["export", "swift", "tuned.mbs"], in: dir)
        #expect(result.status == 0)
        // What the script's looking lines print is not shown: standard output is the export alone.
        #expect(result.stdout == (try Self.expected(.swift, ["threshold.left.near 80", "duration.slide 0.4"])))
        let more = try CLI.run(
            ["export", "js", "tuned.mbs", "--profile", "mcswipe", "--set", "threshold.left.far 200", "--name", "Swipe"],
            in: dir)
        #expect(more.status == 0, "\(more.stderr)")
        #expect(
            more.stdout
                == (try Self.expected(
                    .js, ["threshold.left.near 80", "duration.slide 0.4", "profile mcswipe", "threshold.left.far 200"],
                    typeName: "Swipe")))
    }

    @Test func dashOWritesTheFileAndRefusesToReplaceItWithoutForce() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("mailbox.tokens.json")
        let first = try CLI.run(["export", "tokens", "-o", "mailbox.tokens.json", "--set", "fps 120"], in: dir)
        #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty)
        #expect(try Self.read(out) == (try Self.expected(.tokens, ["fps 120"])))
        try "keep me".write(to: out, atomically: true, encoding: .utf8)
        let refused = try CLI.run(["export", "tokens", "-o", "mailbox.tokens.json"], in: dir)
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == """
                error: 'mailbox.tokens.json' exists; nothing was written (mailsim export tokens … -o \
                mailbox.tokens.json --force replaces it)\n
                """
        )
        #expect(try Self.read(out) == "keep me")
        let forced = try CLI.run(["export", "tokens", "-o", "mailbox.tokens.json", "--force"], in: dir)
        #expect(forced.status == 0)
        #expect(try Self.read(out) == (try Self.expected(.tokens)))
        // No temporary is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["mailbox.tokens.json"])
    }

    @Test func theScriptIsNeverReplacedEvenWithForce() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("s.mbs")
        try "set fps 90\n".write(to: script, atomically: true, encoding: .utf8)
        let result = try CLI.run(["export", "css", "s.mbs", "-o", "s.mbs", "--force"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr == "error: cannot write 's.mbs': it is the script this run reads; nothing was written\n")
        #expect(try Self.read(script) == "set fps 90\n")
    }

    @Test func aFailingScriptWritesNothingAndSaysWhereAsRunDoes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "set fps 90\nexpect msg1.x == 5\n".write(
            to: dir.appendingPathComponent("failed.mbs"), atomically: true, encoding: .utf8)
        try "set fps 90\nbogus\n".write(to: dir.appendingPathComponent("error.mbs"), atomically: true, encoding: .utf8)
        for (script, status) in [("failed.mbs", Int32(1)), ("error.mbs", 2)] {
            let run = try CLI.run(["run", script], in: dir)
            let export = try CLI.run(["export", "swift", script, "-o", "out.swift"], in: dir)
            #expect(export.status == status)
            #expect(run.status == status)
            #expect(export.stderr == run.stderr)
            #expect(export.stderr.hasPrefix(script + ":2: "))
            #expect(export.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.swift").path))
        }
        let missing = try CLI.run(["export", "swift", "missing.mbs"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot read 'missing.mbs': No such file or directory\n")
    }

    @Test func refusedOptions() throws {
        let set = try CLI.run(["export", "swift", "--set", "threshold.lft.near 80"])
        #expect(set.status == 2 && set.stdout.isEmpty)
        #expect(
            set.stderr
                == """
                error: --set 'threshold.lft.near 80': unknown parameter 'threshold.lft.near' (did you mean \
                'threshold.left.near'?): `params` lists them\n
                """
        )
        let profile = try CLI.run(["export", "swift", "--profile", "mcswip"])
        #expect(profile.status == 2 && profile.stderr.contains("(did you mean 'mcswipe'?)"))
        let name = try CLI.run(["export", "swift", "--name", "class"])
        #expect(name.status == 2)
        #expect(name.stderr.hasPrefix("error: --name: 'class' is a keyword of Swift or JavaScript"))
        // A name of the standard library would shadow it in the app: refused, each with the words why.
        for shadowing in ["Optional", "Result", "Never", "Array", "Task", "min"] {
            let refused = try CLI.run(["export", "swift", "--name", shadowing])
            #expect(refused.status == 2 && refused.stdout.isEmpty, "\(shadowing)")
            #expect(
                refused.stderr.hasPrefix("error: --name: '\(shadowing)' is a name of Swift's standard library"),
                "\(refused.stderr)")
        }
        let module = try CLI.run(["export", "swift", "--name", "Swift"])
        #expect(module.status == 2 && module.stderr.contains("'Swift' is the name of a module an app imports"))
        let format = try CLI.run(["export", "pdf"])
        #expect(format.status == 2 && format.stderr.contains("'swift', 'js', 'tokens' or 'css'"))
        let force = try CLI.run(["export", "swift", "--force"])
        #expect(force.status == 2 && force.stderr.hasPrefix("error: --force replaces the file -o names"))
    }

    @Test func helpListsTheFormats() throws {
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("(values: swift, js, tokens, css)"))
        let all = try CLI.run(["--help"])
        #expect(all.stdout.contains("export"))
    }

    /// `export FORMAT FILE` in a script: FILE beside the script, the renderer's text for the settings at that line;
    /// an existing FILE stops the script unless the line says --force.
    @Test func theScriptLineWritesBesideTheScript() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try """
        set threshold.left.near 70\nexport swift Out.swift\nset threshold.left.near 90\nexport css out.css \
        --force\n
        """
        .write(to: sub.appendingPathComponent("e.mbs"), atomically: true, encoding: .utf8)
        let first = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stderr)")
        #expect(
            try Self.read(sub.appendingPathComponent("Out.swift"))
                == (try Self.expected(.swift, ["threshold.left.near 70"])))
        #expect(
            try Self.read(sub.appendingPathComponent("out.css"))
                == (try Self.expected(.css, ["threshold.left.near 90"])))
        let again = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == """
                sub/e.mbs:2: error: export: 'Out.swift' exists; nothing was written (export swift Out.swift \
                --force replaces it)\n
                """
        )
        // Never the script itself.
        try "export swift e.mbs --force\n".write(
            to: sub.appendingPathComponent("e.mbs"), atomically: true, encoding: .utf8)
        let itself = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(itself.status == 2)
        #expect(itself.stderr.contains("it is the script this run reads"))
        #expect(try Self.read(sub.appendingPathComponent("e.mbs")) == "export swift e.mbs --force\n")
    }

    /// On standard input (not a terminal: no one to ask), an existing file is refused as in a script.
    @Test func standardInputIsLikeAScript() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run([], stdin: "export js a.mjs\nexport js a.mjs\n", in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("<stdin>:2: error: export: 'a.mjs' exists"))
        #expect(try Self.read(dir.appendingPathComponent("a.mjs")) == (try Self.expected(.js)))
    }
}
