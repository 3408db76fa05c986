import MailsimTestSupport
import Testing

@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim

/// `export FORMAT FILE [--force]` (SPEC §7.19): how it reads, what it refuses, the effect it hands the front end
/// (the settings in force, which it leaves as they are), and its place among the commands that touch files.
@Suite struct ExportCommandTests {
    static func error(_ line: String) -> ScriptError? {
        do {
            _ = try Parser.parse(line[...])
            return nil
        } catch { return error }
    }

    @Test(arguments: ExportFormat.allCases)
    func everyFormatReads(_ format: ExportFormat) throws {
        let line = "export \(format.rawValue) out/File.x"
        #expect(try Parser.parse(line[...]) == .export(format, file: "out/File.x", force: false))
        #expect(try Parser.parse((line + " --force")[...]) == .export(format, file: "out/File.x", force: true))
    }

    @Test func theLinePrintsBackAsItself() throws {
        for line in ["export swift A.swift", "export css a.css --force"] {
            let command = try #require(try Parser.parse(line[...]))
            #expect(command.scriptLine == line)
            #expect(try Parser.parse(command.scriptLine[...]) == command)
        }
    }

    @Test func refusals() {
        #expect(
            ExportCommandTests.error("export swiftt A.swift")
                == .unknownExportFormat("swiftt", suggestion: "swift", formats: ["swift", "js", "tokens", "css"]))
        #expect(
            ExportCommandTests.error("export swiftt A.swift")?.message
                == "export: unknown format 'swiftt' (did you mean 'swift'?): export writes swift, js, tokens, css")
        #expect(
            ExportCommandTests.error("export pdf a.pdf")?.message.hasPrefix("export: unknown format 'pdf':") == true)
        if case .missingArgument(let command, let parameter, let usage)? = ExportCommandTests.error("export swift") {
            #expect(command == "export" && parameter == "FILE" && usage == "export FORMAT FILE [--force]")
        } else {
            Issue.record("export without FILE was not refused as a missing argument")
        }
        if case .missingArgument(_, let parameter, _)? = ExportCommandTests.error("export") {
            #expect(parameter == "FORMAT")
        } else {
            Issue.record("export alone was not refused as a missing argument")
        }
        if case .unknownOption(_, let option, let suggestion, _)? = ExportCommandTests.error("export js a.mjs --forse")
        {
            #expect(option == "--forse" && suggestion == "--force")
        } else {
            Issue.record("--forse was not refused as an unknown option")
        }
    }

    /// The effect carries the format, the file, --force and the settings in force; the screen is unchanged.
    @Test func itHandsTheSettingsInForceToTheFrontEnd() throws {
        var session = Session()
        _ = try session.execute(.line("set threshold.left.near 80"))
        let before = session.screen
        let outcome = try session.execute(.line("export tokens design/mailbox.tokens.json --force"))
        guard case .report(.export(let request))? = outcome.effect else {
            Issue.record("no export effect: \(String(describing: outcome.effect))")
            return
        }
        #expect(request.format == .tokens)
        #expect(request.file == "design/mailbox.tokens.json")
        #expect(request.force)
        #expect(request.settings == session.screen.settings)
        #expect(request.settings != Settings())
        #expect(session.screen == before)
        #expect(!outcome.acted)
    }

    /// Like `snapshot`: it touches files (the playground refuses it), is allowed in scripts and at the prompt, and
    /// `save` does not keep it.
    @Test func itTouchesFilesAndIsNotKept() throws {
        let spec = try #require(CommandTable.spec(named: "export"))
        #expect(spec.traits == CommandTable.snapshot.traits)
        #expect(spec.traits.contains(.touchesFiles))
        #expect(!spec.interactiveOnly)
        var prompt = Session(interactive: true)
        let outcome = try prompt.execute(.line("export swift A.swift"))
        #expect(outcome.replay == nil)
    }

    /// A run without an export sink (a library caller's) stops at the line with an error, as `snapshot` does
    /// without a picture sink; `! export …` of a refused line holds.
    @Test func aRunThatWritesNoFilesRefusesIt() {
        var session = Session()
        let report = ScriptRunner.run(Array("export swift A.swift\n".utf8), file: "t.mbs", session: &session)
        #expect(report.error?.kind == .error(.noExports))
        #expect(ScriptError.noExports.message == "export: this run writes no files")
        var other = Session()
        let refused = ScriptRunner.run(
            Array("! export pdf A.pdf\n! export swift\n".utf8), file: "t.mbs", session: &other)
        #expect(refused.exitCode == 0 && refused.checks == 2)
    }

    /// An export sink sees the request at its line; its error stops the script there.
    @Test func theSinkWritesAndItsErrorStopsTheScript() {
        final class Seen: ExportSink {
            var requests: [(ExportRequest, Int)] = []
            var refuse = false
            func write(_ request: ExportRequest, line: Int) throws(ScriptError) {
                if refuse { throw .exportWouldReplace(file: request.file, format: request.format.rawValue) }
                requests.append((request, line))
            }
        }
        let seen = Seen()
        var session = Session()
        let ok = ScriptRunner.run(
            Array("set profile mcswipe\nexport js a.mjs\n".utf8), file: "t.mbs", session: &session, exports: seen)
        #expect(ok.exitCode == 0)
        #expect(seen.requests.count == 1 && seen.requests.first?.1 == 2)
        #expect(seen.requests.first?.0.settings.profile == .mcswipe)
        seen.refuse = true
        var again = Session()
        let stopped = ScriptRunner.run(
            Array("export js a.mjs\nshow time\n".utf8), file: "t.mbs", session: &again, exports: seen)
        #expect(stopped.exitCode == 2)
        #expect(
            stopped.error?.text
                == "t.mbs:1: error: export: 'a.mjs' exists; nothing was written (export js a.mjs --force replaces it)")
    }

    @Test func completionOffersTheFormatsThenAFileThenForce() throws {
        let session = Session(interactive: true)
        #expect(Completer.complete("export ", session: session).candidates == ExportFormat.names)
        #expect(Completer.complete("export t", session: session).candidates == ["tokens"])
        #expect(Completer.complete("export swift ", session: session).fileNames)
        #expect(Completer.complete("export swift A.swift ", session: session).candidates == ["--force"])
    }

    @Test func helpListsEveryFormatAndAnExample() {
        // The paragraph is wrapped: compared with its words joined by single blanks.
        let text = TextRenderer.lines(.help(.command(CommandTable.export))).joined(separator: " ")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for format in ExportFormat.allCases {
            #expect(text.contains(format.rawValue + ", " + format.summary), "help export names \(format.rawValue)")
        }
        #expect(text.contains("usage: export FORMAT FILE [--force]"))
        #expect(text.contains("example: export swift Handoff"))
    }
}
