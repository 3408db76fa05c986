@testable import MailboxLanguageServer
import MailboxText
import Testing

/// `Content-Length` framing (SPEC §7.12's spirit: bad input is answered, never a crash or a hang).
@Suite struct FramingTests {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func kinds(_ items: [Incoming]) -> [String] {
        items.map { item in
            switch item {
            case .message(let json): "message \(json["id"]?.integerValue ?? -1)"
            case .send(let json): "error \(json["error"]?["code"]?.integerValue ?? 0)"
            case .end: "end"
            }
        }
    }

    @Test func messagesSplitAnywhereAreReadWhole() {
        let bytes = frame(#"{"jsonrpc":"2.0","id":1,"method":"a"}"#) + frame(#"{"jsonrpc":"2.0","id":2,"method":"b"}"#)
        for cut in 0...bytes.count {
            var framing = Framing()
            let items = framing.feed(bytes[..<cut]) + framing.feed(bytes[cut...])
            #expect(kinds(items) == ["message 1", "message 2"], "cut at \(cut)")
        }
    }

    @Test func aHeaderWithoutLengthIsAnsweredAndTheNextMessageRead() {
        var framing = Framing()
        let items = framing.feed(ArraySlice(Array("X-Other: 1\r\n\r\nnoise".utf8) + frame(#"{"id":3}"#)))
        #expect(kinds(items) == ["error -32700", "message 3"])
    }

    @Test func anOversizedBodyIsRefusedAndSkipped() {
        var framing = Framing(maxHeaderBytes: 64, maxBodyBytes: 10)
        let big = frame(String(repeating: "x", count: 50))
        let items = framing.feed(ArraySlice(big.prefix(30))) + framing.feed(ArraySlice(big.dropFirst(30) + frame(#"{"id":4}"#)))
        #expect(kinds(items) == ["error -32600", "message 4"])
    }

    @Test func anEndlessHeaderIsAnsweredNotHeld() {
        var framing = Framing(maxHeaderBytes: 64, maxBodyBytes: 10)
        let items = framing.feed(ArraySlice(Array(repeating: UInt8(ascii: "a"), count: 1000)))
        #expect(kinds(items) == ["error -32700"])
    }

    @Test func aBodyThatIsNotJSONIsAParseError() {
        var framing = Framing()
        #expect(kinds(framing.feed(ArraySlice(frame("{nope")))) == ["error -32700"])
        #expect(kinds(framing.feed(ArraySlice(frame(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)))))
                == ["error -32700"])
    }
}
