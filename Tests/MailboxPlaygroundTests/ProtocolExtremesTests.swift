import Foundation
import MailboxJSON
import MailboxPlayground
import Testing

/// Every numeric field of the protocol at its bounds, just past them, and where 32 and 64 bits part (±2³¹, ±2³²,
/// ±2⁶³, ±1e19, ±1e308, numbers JSON reads as infinite, and the texts `NaN` and `Infinity`, which are not JSON): no
/// value may stop the process (one message used to kill the server and every session on it), each out-of-range
/// value is refused in words and changes nothing, and each answer is written to `Tests/Golden/protocol-extremes.jsonl`,
/// which the page's module must answer byte for byte alike (Tests/wasm/protocol.mjs). `MAILSIM_UPDATE_GOLDEN=1`
/// (`make golden`) rewrites the file.
@Suite struct ProtocolExtremesTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/protocol-extremes.jsonl")

    /// The numbers every field is tried at, as JSON texts.
    static let numbers = [
        "0", "-0", "0.5", "-1", "1", "2", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295",
        "4294967296", "-4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "1e19", "-1e19", "9.3e18", "18446744073709551616", "1e308", "-1e308", "1e309", "-1e309",
        "5e-324", "NaN", "Infinity", "-Infinity", "\"1\"", "null", "true", "[]"
    ]

    /// A case: messages sent to a fresh session, the last one the probe; the answers to each are compared.
    struct Case {
        let name: String
        let messages: [String]
    }

    /// Each numeric field with its own bounds and `numbers`, in the message it belongs to (a `move` or `up` after a
    /// `down`, so that it reaches a drag).
    static let cases: [Case] = {
        var cases: [Case] = []
        func field(
            _ type: String, _ key: String, bounds: [String], before: [String] = [],
            _ message: (String) -> String
        ) {
            var seen = Set<String>()
            for value in (bounds + numbers) where seen.insert(value).inserted {
                cases.append(Case(name: "\(type).\(key)=\(value)", messages: before + [message(value)]))
            }
        }
        let down = #"{"type":"down","x":200,"y":187,"t":0}"#
        let coordinate = ["-1000", "-1000.01", "2000", "2000.01"]
        let clock = ["1000000000000", "1000000000000.5", "-0.001"]
        for type in ["down", "move", "up"] {
            let before = type == "down" ? [] : [down]
            field(type, "x", bounds: coordinate, before: before) { #"{"type":"\#(type)","x":\#($0),"y":187,"t":20}"# }
            field(type, "y", bounds: coordinate, before: before) { #"{"type":"\#(type)","x":150,"y":\#($0),"t":20}"# }
            field(type, "t", bounds: clock, before: before) { #"{"type":"\#(type)","x":150,"y":187,"t":\#($0)}"# }
            field(type, "phone", bounds: [], before: before) {
                #"{"type":"\#(type)","x":150,"y":187,"t":20,"phone":\#($0)}"#
            }
        }
        field("tick", "t", bounds: clock, before: [#"{"type":"line","text":"tap compose"}"#]) {
            #"{"type":"tick","t":\#($0)}"#
        }
        field("reset", "messages", bounds: ["500", "501"]) { #"{"type":"reset","messages":\#($0)}"# }
        field("speed", "value", bounds: ["0.25", "0.1"]) { #"{"type":"speed","value":\#($0)}"# }
        field("line", "id", bounds: []) { #"{"type":"line","text":"advance 0","id":\#($0)}"# }
        field("set", "phone", bounds: []) { #"{"type":"set","name":"fps","value":"30","phone":\#($0)}"# }
        field("export", "phone", bounds: []) { #"{"type":"export","format":"tokens","phone":\#($0)}"# }
        // Numbers where a text is wanted, and a long clock before every kind of message.
        field("set", "value", bounds: []) { #"{"type":"set","name":"fps","value":\#($0)}"# }
        let late = [#"{"type":"line","text":"advance 1000000000"}"#]
        for message in [
            #"{"type":"shake"}"#, #"{"type":"reset"}"#, #"{"type":"history"}"#, #"{"type":"pin"}"#,
            #"{"type":"line","text":"tap compose"}"#, #"{"type":"tick","t":1000000000000}"#, down,
            #"{"type":"compare","on":true}"#, #"{"type":"plot","curve":"slide"}"#
        ] {
            cases.append(Case(name: "after advance 1000000000: \(message)", messages: late + [message]))
        }
        return cases
    }()

    /// What the golden file holds of an answer: an error whole, any other its type, its length and a 64-bit FNV-1a
    /// of its bytes (a screen's SVG is kilobytes; the page's test computes the same).
    static func digest(_ answer: String) -> String {
        if answer.hasPrefix(#"{"type":"error""#) { return answer }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in answer.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let type = (try? JSON.parse(answer))?["type"]?.stringValue ?? "?"
        let hex = String(hash, radix: 16)
        return "\(type) \(answer.utf8.count) \(String(repeating: "0", count: 16 - hex.count))\(hex)"
    }

    /// Each case's line of the golden file: the messages and, for each, the digests of its answers.
    static func lines() -> [String] {
        cases.map { c in
            var session = PlaygroundSession(start: .empty)
            _ = session.opening()
            let answers = c.messages.map { message in
                JSON.array(session.receive(message, isCancelled: { false }).map { .string(digest($0)) })
            }
            return JSON.object([
                ("case", .string(c.name)), ("send", .array(c.messages.map { .string($0) })),
                ("answers", .array(answers))
            ]).text
        }
    }

    @Test func everyCaseIsAnsweredAsTheGoldenFileSays() throws {
        let made = Self.lines().joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1" {
            try made.write(to: Self.golden, atomically: true, encoding: .utf8)
            return
        }
        let kept = try String(contentsOf: Self.golden, encoding: .utf8)
        let (a, b) = (made.split(separator: "\n"), kept.split(separator: "\n"))
        #expect(a.count == b.count, "cases: \(a.count) made, \(b.count) in the golden file (make golden)")
        for (made, kept) in zip(a, b) where made != kept {
            Issue.record(
                "Tests/Golden/protocol-extremes.jsonl differs (make golden):\n  made: \(made)\n  kept: \(kept)")
            break
        }
    }

    @Test func aValuePastItsBoundsIsRefusedInWordsAndChangesNothing() throws {
        for (type, key, value) in [
            ("reset", "messages", "1e308"), ("reset", "messages", "4294967296"), ("reset", "messages", "-1e19"),
            ("reset", "messages", "9.3e18"), ("line", "id", "1e19"), ("line", "id", "2147483648"),
            ("down", "phone", "4294967296"), ("speed", "value", "1e308"), ("tick", "t", "1e19")
        ] {
            let extra = type == "line" ? #","text":"advance 1""# : type == "down" ? #","x":1,"y":1,"t":1"# : ""
            let text = #"{"type":"\#(type)","\#(key)":\#(value)\#(extra)}"#
            guard case .failure(let error) = ClientMessage.decode(text) else {
                Issue.record("\(text) was taken")
                continue
            }
            #expect(error.message.contains("\"\(key)\""), "\(text): \(error.message)")
            var session = PlaygroundSession(start: .empty)
            _ = session.opening()
            let before = session.script.text()
            let answers = session.receive(text, isCancelled: { false })
            #expect(answers.count == 1 && answers[0].hasPrefix(#"{"type":"error""#), "\(text): \(answers)")
            #expect(session.script.text() == before)
        }
        // Within the bounds, the same fields are taken.
        #expect(ClientMessage.decode(#"{"type":"reset","messages":500}"#) == .success(.reset(messages: 500)))
        #expect(
            ClientMessage.decode(#"{"type":"line","text":"x","id":2147483647}"#)
                == .success(.line("x", id: 2_147_483_647)))
    }
}
