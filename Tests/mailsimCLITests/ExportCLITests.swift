import Foundation
import MailboxHandoff
import MailboxScript
import MailboxSim
import Testing

/// `mailsim export FORMAT [SCRIPT]` and the script language's `export FORMAT FILE` through the real binary (SPEC
/// §7.19): what is written is the renderer's files for the settings in force (a set of files in a folder for swift
/// and js), written whole, never over a file without --force, never over the script; a failing script writes
/// nothing, and neither does a set of which any file would be refused.
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

    /// The renderer's files for SPEC's settings changed by `set` lines.
    static func expectedFiles(_ format: HandoffFormat, _ sets: [String] = []) throws -> [HandoffFile] {
        var settings = Settings()
        for line in sets {
            let words = line.split(separator: " ")
            settings = try TunableTable.change(name: words[0], words: Array(words.dropFirst())).applied(to: settings)
        }
        return HandoffExport.files(format, settings: settings, options: options)
    }

    /// The files of `folder` by name, sorted, and their text.
    static func contents(_ folder: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            out[name] = try read(folder.appendingPathComponent(name))
        }
        return out
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

    /// swift and js are sets of files: -o names a folder, made when missing; when any file of the set is there
    /// already, nothing at all is written without --force.
    @Test(arguments: [HandoffFormat.swift, .js])
    func dashOWritesASetIntoAFolderAllOrNothing(_ format: HandoffFormat) throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out/handoff")
        let expected = try Self.expectedFiles(format, ["fps 120"])
        let names = expected.map(\.name)
        let first = try CLI.run(["export", format.rawValue, "-o", "out/handoff", "--set", "fps 120"], in: dir)
        #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stderr)")
        #expect(try Self.contents(out) == Dictionary(uniqueKeysWithValues: expected.map { ($0.name, $0.text) }))
        // One file changed, one gone: refused, and neither the changed one replaced nor the gone one written.
        try "keep me".write(to: out.appendingPathComponent(names[1]), atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: out.appendingPathComponent(names[0]))
        let refused = try CLI.run(["export", format.rawValue, "-o", "out/handoff"], in: dir)
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(
            refused.stderr
                == "error: 'out/handoff' holds \(names[1]) and \(names.count - 2) more files of the set already; "
                + "nothing was written (mailsim export \(format.rawValue) … -o out/handoff --force replaces them)\n")
        #expect(try Self.read(out.appendingPathComponent(names[1])) == "keep me")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent(names[0]).path))
        let forced = try CLI.run(["export", format.rawValue, "-o", "out/handoff", "--force"], in: dir)
        #expect(forced.status == 0, "\(forced.stderr)")
        let spec = try Self.expectedFiles(format)
        #expect(try Self.contents(out) == Dictionary(uniqueKeysWithValues: spec.map { ($0.name, $0.text) }))
        // A file where the folder should be: refused with the reason.
        try "a file".write(to: dir.appendingPathComponent("plain"), atomically: true, encoding: .utf8)
        let onAFile = try CLI.run(["export", format.rawValue, "-o", "plain", "--force"], in: dir)
        #expect(onAFile.status == 2)
        #expect(
            onAFile.stderr
                == "error: cannot write into 'plain': it is a file, and this export is a set of files that goes "
                + "into a folder; nothing was written\n")
        #expect(try Self.read(dir.appendingPathComponent("plain")) == "a file")
    }

    /// Printed, the Swift set is one file that compiles: each file after the other, each naming itself first.
    @Test func theSwiftSetPrintedIsOneFileThatCompiles() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try CLI.run(["export", "swift"])
        #expect(printed.status == 0)
        for file in try Self.expectedFiles(.swift) {
            #expect(
                printed.stdout.contains("\n// \(file.name): ")
                    || printed.stdout.hasPrefix("// \(file.name): "))
        }
        try printed.stdout.write(to: dir.appendingPathComponent("One.swift"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-swift-version", "6", "-typecheck", dir.appendingPathComponent("One.swift").path
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
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
            let export = try CLI.run(["export", "swift", script, "-o", "out"], in: dir)
            #expect(export.status == status)
            #expect(run.status == status)
            #expect(export.stderr == run.stderr)
            #expect(export.stderr.hasPrefix(script + ":2: "))
            #expect(export.stdout.isEmpty)
            #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
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
        #expect(force.status == 2 && force.stderr.hasPrefix("error: --force replaces the files -o names"))
    }

    @Test func helpListsTheFormats() throws {
        let help = try CLI.run(["export", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("(values: swift, js, tokens, css)"))
        let all = try CLI.run(["--help"])
        #expect(all.stdout.contains("export"))
    }

    /// `export FORMAT FILE` in a script: FILE beside the script (a folder for swift and js), the renderer's files for
    /// the settings at that line; an existing file stops the script unless the line says --force.
    @Test func theScriptLineWritesBesideTheScript() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try """
        set threshold.left.near 70\nexport swift Out\nset threshold.left.near 90\nexport css out.css \
        --force\n
        """
        .write(to: sub.appendingPathComponent("e.mbs"), atomically: true, encoding: .utf8)
        let first = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(first.status == 0 && first.stdout.isEmpty && first.stderr.isEmpty, "\(first.stderr)")
        let swift = try Self.expectedFiles(.swift, ["threshold.left.near 70"])
        #expect(
            try Self.contents(sub.appendingPathComponent("Out"))
                == Dictionary(uniqueKeysWithValues: swift.map { ($0.name, $0.text) }))
        #expect(
            try Self.read(sub.appendingPathComponent("out.css"))
                == (try Self.expected(.css, ["threshold.left.near 90"])))
        let again = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(again.status == 2)
        #expect(
            again.stderr
                == """
                sub/e.mbs:2: error: export: 'Out' holds MailboxInteraction.swift and 4 more files of the set \
                already; nothing was written (export swift Out --force replaces them)\n
                """
        )
        // Never the script itself.
        try "export css e.mbs --force\n".write(
            to: sub.appendingPathComponent("e.mbs"), atomically: true, encoding: .utf8)
        let itself = try CLI.run(["run", "sub/e.mbs"], in: dir)
        #expect(itself.status == 2)
        #expect(itself.stderr.contains("it is the script this run reads"))
        #expect(try Self.read(sub.appendingPathComponent("e.mbs")) == "export css e.mbs --force\n")
        // Nor as a file of a set: a script named as one is refused before anything is written.
        let set = sub.appendingPathComponent("set")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try "export swift . --force\n".write(
            to: set.appendingPathComponent("MailboxInteraction+Rules.swift"), atomically: true, encoding: .utf8)
        let named = try CLI.run(["run", "sub/set/MailboxInteraction+Rules.swift"], in: dir)
        #expect(named.status == 2)
        #expect(
            named.stderr
                == "sub/set/MailboxInteraction+Rules.swift:1: error: export: cannot write "
                + "'sub/set/./MailboxInteraction+Rules.swift': it is the script 'sub/set/MailboxInteraction+Rules.swift' "
                + "this run reads; nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: set.path) == ["MailboxInteraction+Rules.swift"])
    }

    /// On standard input (not a terminal: no one to ask), an existing file is refused as in a script.
    @Test func standardInputIsLikeAScript() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run([], stdin: "export css a.css\nexport css a.css\n", in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("<stdin>:2: error: export: 'a.css' exists"))
        #expect(try Self.read(dir.appendingPathComponent("a.css")) == (try Self.expected(.css)))
        let set = try CLI.run([], stdin: "export js web\nexport js web\n", in: dir)
        #expect(set.status == 2)
        #expect(set.stderr.hasPrefix("<stdin>:2: error: export: 'web' holds mailbox-interaction.mjs and 3 more"))
    }
}
