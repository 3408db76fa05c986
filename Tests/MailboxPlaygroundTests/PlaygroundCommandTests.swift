import MailboxJSON
import MailboxPlayground
import MailboxScript
import Testing

/// The page's `set`, `compare` and gestures run as command values: a `set` is the change built from its fields,
/// not a line composed and read again; every line the session builds keeps the command it stands for, which the
/// history replays.
@Suite struct PlaygroundCommandTests {
    let never: @Sendable () -> Bool = { false }

    func send(_ p: inout PlaygroundSession, _ object: [(String, JSON)]) -> [JSON] {
        p.receive(JSON.object(object).text, isCancelled: never).map { try! JSON.parse($0, maxDepth: 64) }
    }
    func set(_ p: inout PlaygroundSession, _ name: String, _ value: String, phone: Int? = nil) -> [JSON] {
        var fields: [(String, JSON)] = [("type", .string("set")), ("name", .string(name)), ("value", .string(value))]
        if let phone { fields.append(("phone", .int(phone))) }
        return send(&p, fields)
    }
    func error(_ replies: [JSON]) -> String? {
        replies.first { $0["type"] == .string("error") }?["message"]?.stringValue
    }

    @Test func aSetIsTheChangeItsFieldsName() throws {
        var p = PlaygroundSession(start: .empty)
        _ = set(&p, "threshold.near", "80")
        let entry = try #require(p.script.entries.last)
        #expect(entry.text == "set threshold.near 80")
        #expect(entry.command == .set(try TunableTable.change(name: "threshold.near", words: ["80"])))
        // A notation's words are kept as the page sent them; the command is the spring they convert to.
        _ = set(&p, "curve.snap", "spring swiftui duration 0.5 bounce 0.3")
        #expect(p.script.entries.last?.text == "set curve.snap spring swiftui duration 0.5 bounce 0.3")
        let typed = try #require(try Parser.parse("set curve.snap spring swiftui duration 0.5 bounce 0.3"))
        #expect(p.script.entries.last?.command == typed)
    }

    @Test func aSetIsRefusedInTheWordsOfItsLine() throws {
        var p = PlaygroundSession(start: .empty)
        var typed = PlaygroundSession(start: .empty)
        let fromFields = error(set(&p, "threshold.nearr", "80"))
        let fromLine = error(send(&typed, [("type", .string("line")), ("text", .string("set threshold.nearr 80"))]))
        #expect(fromFields != nil)
        #expect(fromFields == fromLine)
        #expect(
            error(set(&p, "threshold.near", "eighty"))
                == error(
                    send(&typed, [("type", .string("line")), ("text", .string("set threshold.near eighty"))])))
        #expect(p.script.count == 0)
    }

    /// A value whose line would read back otherwise (a lone `#` starts a comment) is refused, and changes nothing.
    @Test func aSetWhoseLineWouldNotReadBackIsRefused() throws {
        var p = PlaygroundSession(start: .empty)
        let before = p.phones[0].screen.settings
        let replies = set(&p, "haptics", "on # off")
        #expect(error(replies)?.contains("lone '#'") == true)
        #expect(p.script.count == 0)
        #expect(p.phones[0].screen.settings == before)
    }

    @Test func comparingSetsPhoneBsProfileAsAChange() throws {
        var p = PlaygroundSession(start: .empty)
        _ = send(&p, [("type", .string("compare")), ("on", .bool(true)), ("profile", .string("mcswipe"))])
        let entry = try #require(p.script.entries.last)
        #expect(entry.text == "set profile mcswipe")
        #expect(entry.owner == .b)
        #expect(entry.command == .set(try TunableTable.change(name: "profile", words: ["mcswipe"])))
    }

    /// A drag's lines (pans and the release) and the ticks' `advance` keep their commands: each prints its line.
    @Test func builtLinesKeepTheirCommands() throws {
        var p = PlaygroundSession(start: .empty)
        _ = send(&p, [("type", .string("down")), ("x", .number(300)), ("y", .number(187)), ("t", .number(0))])
        for k in 1...10 {
            _ = send(
                &p,
                [
                    ("type", .string("move")), ("x", .number(300 - Double(k) * 15)), ("y", .number(187)),
                    ("t", .number(Double(k) * 16))
                ])
        }
        _ = send(&p, [("type", .string("up")), ("x", .number(150)), ("y", .number(187)), ("t", .number(170))])
        _ = send(&p, [("type", .string("tick")), ("t", .number(300))])
        #expect(p.script.count >= 3)
        for entry in p.script.entries {
            let command = try #require(entry.command, "\(entry.text)")
            #expect(command.scriptLine == entry.text)
        }
        #expect(p.script.entries.last?.text.hasPrefix("advance") == true)
    }
}
