import Glibc
import MailboxAnimation
import MailboxJSON
import MailboxLanguageServer
import MailboxScript
import Synchronization
import Testing

/// `mailsim lsp`, driven message by message through `Server.handle` (the stdio loop adds only framing and the
/// reader thread, which Tests/lsp/ checks with real clients). Numbers are SPEC's: §2 (zones, release), §6
/// (a script ends with the finger up), §7.12 (bad input).
@Suite struct LanguageServerTests {
    static let uri = "file:///work/scripts/swipe.mbs"

    /// An initialized server with `text` open as `uri`, its diagnostics published; the messages it sent.
    func open(_ text: String, pictures: String = "data", uri: String = Self.uri) -> (Server, [JSON]) {
        var server = Server()
        _ = server.handle(
            request(
                1, "initialize", .object([("initializationOptions", .object([("hoverPicture", .string(pictures))]))])))
        _ = server.handle(notify("initialized", .object([])))
        _ = server.handle(didOpen(uri, text))
        let published = server.runAndPublish(uri)
        return (server, published)
    }

    func request(_ id: Int, _ method: String, _ params: JSON = .object([])) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", .int(id)), ("method", .string(method)), ("params", params)])
    }

    func notify(_ method: String, _ params: JSON) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)])
    }

    /// `textDocument/didOpen` of `text` as `uri`, version 1.
    func didOpen(_ uri: String, _ text: String) -> JSON {
        let document: JSON = .object([
            ("uri", .string(uri)), ("languageId", .string("mbs")), ("version", .int(1)), ("text", .string(text))
        ])
        return notify("textDocument/didOpen", .object([("textDocument", document)]))
    }

    func at(_ line: Int, _ character: Int, uri: String = Self.uri) -> JSON {
        .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", .object([("line", .int(line)), ("character", .int(character))]))
        ])
    }

    func range(_ line: Int) -> JSON {
        let position = JSON.object([("line", .int(line)), ("character", .int(0))])
        return .object([("start", position), ("end", position)])
    }

    func ask(_ server: inout Server, _ method: String, _ params: JSON) -> JSON? {
        server.handle(request(7, method, params)).first?["result"]
    }

    func diagnostics(_ published: [JSON]) -> [(line: Int64, from: Int64, to: Int64, message: String)] {
        (published.first?["params"]?["diagnostics"]?.arrayValue ?? []).map {
            (
                $0["range"]!["start"]!["line"]!.integerValue!, $0["range"]!["start"]!["character"]!.integerValue!,
                $0["range"]!["end"]!["character"]!.integerValue!, $0["message"]!.stringValue!
            )
        }
    }

    // MARK: Diagnostics: mailsim run's words, at the word at fault

    @Test func aFailedExpectIsReportedWithRunsWordsOnItsComparison() {
        // SPEC §2: released at -100 (yellow zone) the row slides out to -320.
        let (_, published) = open("pan msg1 -100\nrelease\nsettle\nexpect msg1.x == -300\n")
        let found = diagnostics(published)
        #expect(found.count == 1)
        #expect(found.first?.message == "expected msg1.x == -300, got -320")
        #expect(found.first?.line == 3 && found.first?.from == 7 && found.first?.to == 21)
    }

    @Test func anUnknownCommandPointsAtItsNameWithTheSuggestion() {
        let (_, published) = open("expect msg1.x == 0\n  pna msg1 -30\nexpect msg1.x == 0\n")
        let found = diagnostics(published)
        #expect(found.map(\.message) == ["error: unknown command 'pna' (did you mean 'pan'?)"])
        #expect(found.first?.line == 1 && found.first?.from == 2 && found.first?.to == 5)
    }

    @Test func aRefusedCommandStopsTheScriptAsRunDoes() {
        // No overlay is up: `choose` is refused; the lines after it are not run.
        let (server, published) = open("choose tomorrow\nexpect msg1.x == 5\n")
        #expect(
            diagnostics(published).map(\.message) == [
                "error: no options overlay is up (swipe a message left past 60 first)"
            ])
        #expect(server.analysis(of: Self.uri)?.info.count == 1)
    }

    @Test func aBadNumberPointsAtTheNumber() {
        let (_, published) = open("pan msg1 -1x0\n")
        let found = diagnostics(published)
        #expect(found.first?.from == 9 && found.first?.to == 13)
    }

    @Test func aFingerStillDownAtTheEndIsReportedAtTheLastLine() {
        // SPEC §6: a script ends with the finger up.
        let (_, published) = open("pan msg1 -30\n")
        #expect(diagnostics(published).map(\.line) == [0])
        #expect(diagnostics(published).first?.message.hasPrefix("error: ") == true)
    }

    @Test func aBangLineThatSucceededIsAFailure() {
        let (_, published) = open("pan msg1 -30\n! release\n")
        #expect(diagnostics(published).map(\.message) == ["expected 'release' to be refused, but it succeeded"])
    }

    @Test func anIncrementalChangeRunsAgainFromTheChangedLine() {
        var (server, _) = open("pan msg1 -100\nrelease\nsettle\nexpect msg1.x == -300\n")
        let change = JSON.object([
            (
                "range",
                .object([
                    ("start", .object([("line", .int(3)), ("character", .int(17))])),
                    ("end", .object([("line", .int(3)), ("character", .int(21))]))
                ])
            ), ("text", .string("-320"))
        ])
        _ = server.handle(
            notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                    ("contentChanges", .array([change]))
                ])))
        let published = server.runAndPublish(Self.uri)
        #expect(published.first?["params"]?["version"]?.integerValue == 2)
        #expect(diagnostics(published).isEmpty)
    }

    @Test func aCancelledRunPublishesNothingAndIsTakenUpAgain() {
        var server = Server()
        _ = server.handle(request(1, "initialize"))
        _ = server.handle(didOpen(Self.uri, "pan msg1 -30\nrelease\nsettle\n"))
        #expect(server.runAndPublish(Self.uri, isCancelled: { true }).isEmpty)
        #expect(server.needsRun(Self.uri))
        #expect(server.runAndPublish(Self.uri).count == 1)
        #expect(!server.needsRun(Self.uri))
    }

    @Test func aChangeRunsAgainFromTheLastKeptSessionBeforeIt() {
        // Lines are polled for cancellation as they run: the count says how many ran.
        final class Polls: Sendable { let count = Atomic<Int>(0) }
        let polls = Polls()
        let poll: @Sendable () -> Bool = {
            polls.count.add(1, ordering: .relaxed)
            return false
        }
        var lines = Array(repeating: "advance 0.01", count: 100)
        var analysis = Analysis(file: "a.mbs")
        analysis.update(to: lines, isCancelled: poll)
        let whole = polls.count.load(ordering: .relaxed)
        #expect(whole >= 100)
        // Line 99 changed: the run resumes from the session kept after line 96 (every 32nd line).
        lines[98] = "advance 0.01   # changed"
        polls.count.store(0, ordering: .relaxed)
        analysis.update(to: lines, isCancelled: poll)
        #expect(polls.count.load(ordering: .relaxed) * 10 <= whole)
        #expect(analysis.info.count == 100)
        // The state after a line is the one a run from the top gives: 0.01 s a line.
        #expect(analysis.session(after: 99)?.screen.now == Ticks(nanoseconds: 990_000_000))
        #expect(analysis.info[98].time == Ticks(nanoseconds: 990_000_000))
    }

    /// A script of `count` lines of swipes (the benchmarks' block).
    static func swipes(_ count: Int) -> [String] {
        let block = [
            "# a swipe, cancelled", "pan msg1 -100", "release", "settle", "tap cancel", "settle",
            "expect msg1.x == 0", "pan msg2 -30 in 0.2", "release", "settle"
        ]
        return (0..<count).map { block[$0 % block.count] }
    }

    @Test func anEditNearTheTopRunsUntilTheRunsMeetNotToTheEnd() {
        final class Polls: Sendable { let count = Atomic<Int>(0) }
        let polls = Polls()
        let poll: @Sendable () -> Bool = {
            polls.count.add(1, ordering: .relaxed)
            return false
        }
        var lines = Self.swipes(5_000)
        var analysis = Analysis(file: "a.mbs")
        analysis.update(to: lines, isCancelled: poll)
        #expect(polls.count.load(ordering: .relaxed) >= 5_000)
        // A character typed into the comment at line 1: the session after line 32 is the last run's again, and the
        // rest is taken from it. Before, the run went through all 5,000 lines.
        lines[0] = "# a swipe, cancelled!"
        polls.count.store(0, ordering: .relaxed)
        analysis.update(to: lines, isCancelled: poll)
        #expect(polls.count.load(ordering: .relaxed) <= 64)
        var fresh = Analysis(file: "a.mbs")
        fresh.update(to: lines)
        #expect(analysis.info == fresh.info && analysis.stop == fresh.stop)
        #expect(analysis.session(after: 4_000)?.screen == fresh.session(after: 4_000)?.screen)
    }

    /// One random edit of `lines`: a line inserted or removed, or (twice as often) replaced, by one of a few that
    /// move the screen, leave it or stop the script; the index edited.
    static func randomEdit(_ lines: inout [String], _ generator: inout LineStoreTests.Generator) -> Int {
        let edits = [
            "pan msg1 -101", "# changed", "advance 0.25", "pan msg1 -300", "release", "settle", "expect msg1.x == 1",
            "tap cancel", "reset 3", "pan msg2 -30 in 0.3"
        ]
        let at = generator.next(lines.count)
        switch generator.next(6) {
        case 0: lines.insert(edits[generator.next(edits.count)], at: at)
        case 1: lines.remove(at: at)
        default: lines[at] = edits[generator.next(edits.count)]
        }
        return at
    }

    /// Random edits (a number, a comment, a command changed; lines added and removed), each analysed after the
    /// last and from nothing: the same outcomes at every line, and the same stop. Runs that meet the last run take
    /// its outcomes; with a window, each run pauses `window` lines on and the next goes on from there (as the
    /// server does after a change).
    @Test(arguments: [nil, 40] as [Int?])
    func editedRunsGiveWhatARunFromTheTopGives(window: Int?) {
        var generator = LineStoreTests.Generator(state: 0xD1B5_4A32_D192_ED03)
        var lines = Self.swipes(1_500)
        var analysis = Analysis(file: "a.mbs")
        analysis.update(to: lines)
        for step in 0..<(window == nil ? 24 : 16) {
            let at = Self.randomEdit(&lines, &generator)
            var pauses = 0
            analysis.update(to: lines, window: window)
            while case .paused? = analysis.stop {
                pauses += 1
                analysis.update(to: lines, window: window)
            }
            var fresh = Analysis(file: "a.mbs")
            fresh.update(to: lines)
            #expect(analysis.info == fresh.info, "step \(step): an edit at line \(at + 1), \(pauses) pauses")
            #expect(analysis.stop == fresh.stop, "step \(step)")
        }
    }

    @Test func aHugeScriptStopsAtTheBoundAndSaysSo() {
        var analysis = Analysis(file: "big.mbs", bounds: RunBounds(maxLines: 100, maxSeconds: 10))
        analysis.update(to: Array(repeating: "advance 0.01", count: 1000))
        #expect(analysis.info.count == 100)
        let last = Features.diagnostics(analysis).last
        #expect(last?.code == "bound")
        #expect(last?.message.contains("at most 100 lines") == true)
    }

    // MARK: Completion, hover, inlay hints

    @Test func completionAfterPanOffersTheMessagesThere() throws {
        var (server, _) = open("pan msg1 -300\nrelease\nsettle\npan m\n")
        // SPEC §2: released at -300 msg1 slides out towards the list overlay; it is covered, still in the feed.
        let items = try #require(ask(&server, "textDocument/completion", at(3, 5))?["items"]?.arrayValue)
        #expect(items.compactMap { $0["label"]?.stringValue } == ["msg1", "msg2", "msg3", "msg4", "msg5"])
    }

    @Test func hoverShowsTheStateAfterTheLineAndThePicture() throws {
        var (server, _) = open("pan msg1 -180\nrelease\n")
        let value = try #require(ask(&server, "textDocument/hover", at(0, 10))?["contents"]?["value"]?.stringValue)
        // SPEC §2: at x = -180, yellow, icon later at 350 + x = 170; 0.3 s after the start.
        #expect(value.contains("time 0.300s"))
        #expect(value.contains("`msg1.x = -180`"))
        #expect(value.contains("`msg1.background = yellow"))
        #expect(value.contains("`msg1.icon.x = 170`"))
        #expect(value.contains("](data:image/svg+xml;base64,"))
    }

    @Test func hoverOnTheCommandNameGivesItsHelp() throws {
        var (server, _) = open("pan msg1 -180\nrelease\n", pictures: "none")
        let value = try #require(ask(&server, "textDocument/hover", at(1, 2))?["contents"]?["value"]?.stringValue)
        #expect(value.contains("usage: release [VX]"))
        #expect(!value.contains("data:image"))
    }

    @Test func hoverOnAnExpectGivesThePathsValue() throws {
        var (server, _) = open("pan msg1 -100\nrelease\nsettle\nexpect msg1.x == -300\n", pictures: "none")
        let value = try #require(ask(&server, "textDocument/hover", at(3, 10))?["contents"]?["value"]?.stringValue)
        #expect(value.contains("`msg1.x` is `-320` here"))
    }

    @Test func inlayHintsGiveTheTimeAndTheReleaseOutcome() throws {
        var (server, _) = open("pan msg1 -180\nrelease\nsettle\n")
        let hints = try #require(
            ask(
                &server, "textDocument/inlayHint",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])),
                    (
                        "range",
                        .object([
                            ("start", .object([("line", .int(0)), ("character", .int(0))])),
                            ("end", .object([("line", .int(3)), ("character", .int(0))]))
                        ])
                    )
                ]))?.arrayValue)
        // SPEC §2: -180 is the reschedule zone; each slide and fade takes 0.3 s.
        #expect(hints.compactMap { $0["label"]?.stringValue } == ["0.300s", "0.300s → reschedule", "0.900s"])
    }

    // MARK: Code actions, definition, outline

    @Test func theExpectFixIsTheUpdateRewriteOfThatLine() throws {
        var (server, _) = open("pan msg1 -100\nrelease\nsettle\nexpect msg1.x == -300   # slid out\n")
        let actions = try #require(
            ask(
                &server, "textDocument/codeAction",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("range", range(3)),
                    ("context", .object([("diagnostics", .array([]))]))
                ]))?.arrayValue)
        let fix = try #require(actions.first)
        #expect(fix["title"]?.stringValue == "Set the expected value to what happens (-320)")
        let edit = try #require(fix["edit"]?["changes"]?[Self.uri]?.arrayValue?.first)
        #expect(edit["newText"]?.stringValue == "expect msg1.x == -320   # slid out")
        #expect(actions.last?["title"]?.stringValue?.hasPrefix("Pin the state here") == true)
    }

    @Test func theDidYouMeanFixReplacesTheWord() throws {
        var (server, _) = open("pan msg1 -100\nrelese\n")
        let actions = try #require(
            ask(
                &server, "textDocument/codeAction",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("range", range(1))
                ]))?.arrayValue)
        let edit = try #require(actions.first?["edit"]?["changes"]?[Self.uri]?.arrayValue?.first)
        #expect(edit["newText"]?.stringValue == "release")
        #expect(edit["range"]?["end"]?["character"]?.integerValue == 6)
    }

    @Test func pinningTheStateInsertsExpectationsThatHold() throws {
        var (server, _) = open("pan msg1 -100\nrelease\nsettle\n")
        let actions = try #require(
            ask(
                &server, "textDocument/codeAction",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri))])), ("range", range(2))
                ]))?.arrayValue)
        let inserted = try #require(
            actions.last?["edit"]?["changes"]?[Self.uri]?.arrayValue?.first?["newText"]?.stringValue)
        #expect(inserted.contains("\nexpect msg1.x == -320"))
        // The script with the pinned lines runs clean.
        let (_, published) = open("pan msg1 -100\nrelease\nsettle" + inserted + "\n")
        #expect(diagnostics(published).isEmpty)
    }

    /// A new empty folder under /tmp, with `files` (regular) and `fifos` (named pipes) in it.
    func folder(files: [String], fifos: [String] = []) throws -> String {
        var template = Array("/tmp/mailsim-lsp-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let path = try #require(made.map { String(cString: $0) })
        for name in files {
            let fd = Glibc.open(path + "/" + name, O_CREAT | O_WRONLY, 0o644)
            try #require(fd >= 0)
            close(fd)
        }
        for name in fifos { try #require(mkfifo(path + "/" + name, 0o644) == 0) }
        return path
    }

    @Test func loadGoesToTheFileBesideTheScript() throws {
        let path = try folder(files: ["part", "common.mbs"])
        let uri = "file://\(path)/swipe.mbs"
        var (server, _) = open("load part two.mbs\n", uri: uri)
        let location = try #require(ask(&server, "textDocument/definition", at(0, 6, uri: uri)))
        // `load` reads one word: the file is `part`.
        #expect(location["uri"]?.stringValue == "file://\(path)/part")
        var (other, _) = open("load common.mbs\n", uri: uri)
        #expect(
            ask(&other, "textDocument/definition", at(0, 6, uri: uri))?["uri"]?.stringValue
                == "file://\(path)/common.mbs")
    }

    @Test func loadOffersRegularFilesOnly() throws {
        // An editor may hang opening a FIFO or /dev/zero: only a regular file is offered.
        let path = try folder(files: ["real.mbs"], fifos: ["pipe.mbs"])
        let uri = "file://\(path)/swipe.mbs"
        for (target, offered) in [
            ("pipe.mbs", false), ("/dev/zero", false), ("/dev/null", false), ("/tmp", false),
            ("missing.mbs", false), ("real.mbs", true)
        ] {
            var (server, _) = open("load \(target)\n", uri: uri)
            let answer = server.handle(request(7, "textDocument/definition", at(0, 6, uri: uri))).first
            #expect(answer?["error"] == nil, "load \(target)")
            #expect((answer?["result"]?["uri"] != nil) == offered, "load \(target): \(answer?.text ?? "nothing")")
        }
    }

    @Test func theOutlineListsSectionsAndGestures() throws {
        var (server, _) = open(
            "# Swipe left\npan msg1 -180\nrelease\nsettle\n# Archive\ntap\nsettle\npan msg2 100\nrelease\n")
        let symbols = try #require(
            ask(
                &server, "textDocument/documentSymbol",
                .object([("textDocument", .object([("uri", .string(Self.uri))]))]))?.arrayValue)
        #expect(symbols.compactMap { $0["name"]?.stringValue } == ["Swipe left", "Archive"])
        #expect(symbols[0]["children"]?.arrayValue?.first?["name"]?.stringValue == "pan msg1 -180 → reschedule")
        #expect(symbols[1]["children"]?.arrayValue?.first?["name"]?.stringValue == "pan msg2 100 → archive")
    }

    // MARK: Protocol errors (§7.12: bad input is answered, never a crash)

    @Test func requestsBeforeInitializeAreRefused() {
        var server = Server()
        let answer = server.handle(request(3, "textDocument/hover", at(0, 0)))
        #expect(answer.first?["error"]?["code"]?.integerValue == -32002)
    }

    @Test func unknownMethodsAndUnopenedDocumentsAreErrors() {
        var (server, _) = open("pan msg1 -30\nrelease\n")
        #expect(
            server.handle(request(4, "textDocument/formatting", at(0, 0))).first?["error"]?["code"]?.integerValue
                == -32601)
        let unopened = JSON.object([
            ("textDocument", .object([("uri", .string("file:///nowhere.mbs"))])),
            ("position", .object([("line", .int(0)), ("character", .int(0))]))
        ])
        #expect(
            server.handle(request(5, "textDocument/hover", unopened)).first?["error"]?["code"]?.integerValue == -32602)
        #expect(server.handle(.array([])).first?["error"]?["code"]?.integerValue == -32600)
        #expect(
            server.handle(.object([("jsonrpc", .string("2.0")), ("id", .int(6))])).first?["error"]?["code"]?
                .integerValue == -32600)
        // An unknown notification gets no answer.
        #expect(server.handle(notify("$/somethingElse", .null)).isEmpty)
    }

    @Test func backwardRangesAndUnreadableChangesAreHarmless() throws {
        var (server, _) = open("pan msg1 -180\nrelease\n")
        let backward = JSON.object([
            ("start", .object([("line", .int(1)), ("character", .int(0))])),
            ("end", .object([("line", .int(0)), ("character", .int(0))]))
        ])
        let doc = JSON.object([("uri", .string(Self.uri))])
        let hints = ask(&server, "textDocument/inlayHint", .object([("textDocument", doc), ("range", backward)]))
        #expect(hints?.arrayValue?.count == 2)
        let actions = ask(&server, "textDocument/codeAction", .object([("textDocument", doc), ("range", backward)]))
        #expect(actions?.arrayValue?.isEmpty == false)
        // A change whose range cannot be read (a negative line) leaves the text as it was.
        _ = server.handle(
            notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(2))])),
                    (
                        "contentChanges",
                        .array([
                            .object([
                                (
                                    "range",
                                    .object([
                                        ("start", .object([("line", .int(-1)), ("character", .int(0))])),
                                        ("end", .object([("line", .int(0)), ("character", .int(0))]))
                                    ])
                                ), ("text", .string("oops"))
                            ])
                        ])
                    )
                ])))
        #expect(diagnostics(server.runAndPublish(Self.uri)).isEmpty)
        #expect(server.analysis(of: Self.uri)?.lines == ["pan msg1 -180", "release", ""])
    }

    @Test func theDocumentsHeldAreBounded() throws {
        var server = Server()
        server.limits = DocumentLimits(maxDocuments: 2, maxBytes: 100)
        _ = server.handle(request(1, "initialize"))
        func open(_ uri: String, _ text: String) -> [JSON] { server.handle(didOpen(uri, text)) }
        func symbols(_ uri: String) -> JSON? {
            server.handle(
                request(5, "textDocument/documentSymbol", .object([("textDocument", .object([("uri", .string(uri))]))]))
            ).first
        }
        #expect(open("file:///a.mbs", "settle\n").isEmpty)
        #expect(open("file:///b.mbs", "settle\n").isEmpty)
        // A third document: not opened, and the editor is told why.
        let refused = open("file:///c.mbs", "settle\n")
        #expect(refused.first?["method"]?.stringValue == "window/showMessage")
        let message = try #require(refused.first?["params"]?["message"]?.stringValue)
        #expect(message.contains("file:///c.mbs") && message.contains("at most 2 documents"), "\(message)")
        #expect(symbols("file:///c.mbs")?["error"]?["code"]?.integerValue == -32602)
        // Reopening one already open is no new document.
        #expect(open("file:///a.mbs", "settle\nsettle\n").isEmpty)
        // A change that grows the text held past the bound closes that document, saying so.
        let grown = server.handle(
            notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string("file:///b.mbs")), ("version", .int(2))])),
                    ("contentChanges", .array([.object([("text", .string(String(repeating: "settle\n", count: 20)))])]))
                ])))
        #expect(
            grown.map { $0["method"]?.stringValue ?? "" } == ["textDocument/publishDiagnostics", "window/showMessage"])
        #expect(grown.last?["params"]?["message"]?.stringValue?.contains("100 bytes") == true)
        #expect(symbols("file:///b.mbs")?["error"]?["code"]?.integerValue == -32602)
        #expect(symbols("file:///a.mbs")?["result"] != nil)
        // One too large alone is refused too.
        #expect(
            open("file:///d.mbs", String(repeating: "x", count: 200)).first?["method"]?.stringValue
                == "window/showMessage")
    }

    @Test func theBoundCountsTheMemoryOfLinesNotTheTextsSize() throws {
        // 100 empty lines are 100 bytes of text but 1,600 bytes of lines (a 16-byte String each): past a
        // 1,000-byte bound, opening them is refused, and so is a change that would make them.
        var server = Server()
        server.limits = DocumentLimits(maxDocuments: 8, maxBytes: 1000)
        _ = server.handle(request(1, "initialize"))
        let empty = String(repeating: "\n", count: 99)
        #expect(LineStore.held(splitting: empty) == 1600)
        let refused = server.handle(didOpen("file:///empty.mbs", empty))
        let message = try #require(refused.first?["params"]?["message"]?.stringValue)
        #expect(message.contains("at most 1000 bytes for the lines") && message.contains("1600 bytes"), "\(message)")
        #expect(server.handle(didOpen("file:///small.mbs", "settle")).isEmpty)
        let grown = server.handle(
            notify(
                "textDocument/didChange",
                .object([
                    ("textDocument", .object([("uri", .string("file:///small.mbs")), ("version", .int(2))])),
                    (
                        "contentChanges",
                        .array([
                            .object([
                                (
                                    "range",
                                    .object([
                                        ("start", .object([("line", .int(0)), ("character", .int(0))])),
                                        ("end", .object([("line", .int(0)), ("character", .int(0))]))
                                    ])
                                ), ("text", .string(empty))
                            ])
                        ])
                    )
                ])))
        #expect(grown.last?["method"]?.stringValue == "window/showMessage")
        #expect(server.analysis(of: "file:///small.mbs") == nil)
    }

    @Test func shutdownThenExitIsZeroAndExitAloneIsOne() {
        var (server, _) = open("")
        _ = server.handle(request(8, "shutdown"))
        #expect(
            server.handle(request(9, "textDocument/hover", at(0, 0))).first?["error"]?["code"]?.integerValue == -32600)
        _ = server.handle(notify("exit", .null))
        #expect(server.exitStatus == 0)
        var (other, _) = open("")
        _ = other.handle(notify("exit", .null))
        #expect(other.exitStatus == 1)
    }

    @Test func incrementalEditsFollowUTF16() {
        var document = Document(uri: Self.uri, version: 1, text: "type héllo 😀 x\r\nsettle")
        #expect(document.lines == ["type héllo 😀 x", "settle"])
        // 😀 is two UTF-16 units: columns 11…13.
        document.replace(TextRange(line: 0, from: 11, to: 13), with: "ok")
        #expect(document.lines[0] == "type héllo ok x")
        document.replace(
            TextRange(Position(line: 0, character: 15), Position(line: 1, character: 0)), with: "\nadvance 1\n")
        #expect(document.lines == ["type héllo ok x", "advance 1", "settle"])
        // LSP's three line ends.
        #expect(Document(uri: Self.uri, version: 1, text: "a\rb\r\nc\n").lines == ["a", "b", "c", ""])
    }
}
