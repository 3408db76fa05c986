import MailboxJSON
import MailboxLanguageServer
import Testing

/// A change's diagnostics near it come a window of lines past it, whatever the document's length after it; the
/// rest runs next and is published whole (`Server.publishWindow`, `RunStop.paused`).
extension LanguageServerTests {
    /// `textDocument/didChange` of `uri` to `version`: line `line` (from 0) replaced by `text` (with its line break).
    func change(_ line: Int, to text: String, version: Int, inserting: Bool = false) -> JSON {
        let end = inserting ? line : line + 1
        let range: JSON = .object([
            ("start", .object([("line", .int(line)), ("character", .int(0))])),
            ("end", .object([("line", .int(end)), ("character", .int(0))]))
        ])
        return notify(
            "textDocument/didChange",
            .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", .int(version))])),
                ("contentChanges", .array([.object([("range", range), ("text", .string(text + "\n"))])]))
            ]))
    }

    @Test func aChangeIsPublishedAWindowPastItThenWhole() {
        // 2,999 lines of `advance 0.01`, then an expect on the clock they leave: 3,000 lines, far past the window.
        let text = String(repeating: "advance 0.01\n", count: 2_999) + "expect time == 29.99\n"
        var (server, opened) = open(text)
        // Opening is a change of every line: what the window ran (nothing to say), then the rest.
        #expect(opened.count == 1 && diagnostics(opened).isEmpty)
        #expect(server.needsRun(Self.uri))
        #expect(server.analysis(of: Self.uri)?.stop == .paused(line: Server.publishWindow))
        #expect(diagnostics(server.runAndPublish(Self.uri)).isEmpty)
        #expect(!server.needsRun(Self.uri))

        // Line 1 takes twice as long: the expect at the last line fails, but only the second publish can say so.
        _ = server.handle(change(0, to: "advance 0.02", version: 2))
        let near = server.runAndPublish(Self.uri)
        #expect(near.first?["params"]?["version"]?.integerValue == 2)
        #expect(diagnostics(near).isEmpty)
        #expect(server.analysis(of: Self.uri)?.info.count == Server.publishWindow)
        let whole = server.runAndPublish(Self.uri)
        #expect(whole.first?["params"]?["version"]?.integerValue == 2)
        #expect(diagnostics(whole).map(\.line) == [2_999])
        #expect(diagnostics(whole).first?.message.hasPrefix("expected time == 29.99") == true)

        // A comment added at the top: the first publish carries the failure, moved down a line with its text.
        _ = server.handle(change(0, to: "# twice as long", version: 3, inserting: true))
        let moved = server.runAndPublish(Self.uri)
        #expect(diagnostics(moved).map(\.line) == [3_000])
        #expect(diagnostics(moved).map(\.message) == diagnostics(whole).map(\.message))
        #expect(diagnostics(server.runAndPublish(Self.uri)).map(\.line) == [3_000])
        #expect(!server.needsRun(Self.uri))
    }

    @Test func aChangeNearTheEndIsPublishedOnce() {
        let text = String(repeating: "advance 0.01\n", count: 2_999) + "expect time == 29.99\n"
        var (server, _) = open(text)
        _ = server.runAndPublish(Self.uri)
        _ = server.handle(change(2_998, to: "advance 0.02", version: 2))
        #expect(diagnostics(server.runAndPublish(Self.uri)).map(\.line) == [2_999])
        #expect(!server.needsRun(Self.uri))
    }
}
