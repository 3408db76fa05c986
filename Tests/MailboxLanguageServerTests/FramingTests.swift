import MailboxText
import Testing

@testable import MailboxLanguageServer

/// `Content-Length` framing (SPEC §7.12's spirit: bad input is answered, never a crash or a hang).
@Suite struct FramingTests {
    func frame(_ body: String) -> [UInt8] { Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    func kinds(_ items: [Incoming]) -> [String] {
        items.map { item in
            switch item {
            case .message(let json, _): "message \(json["id"]?.integerValue ?? -1)"
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
        let items =
            framing.feed(ArraySlice(big.prefix(30))) + framing.feed(ArraySlice(big.dropFirst(30) + frame(#"{"id":4}"#)))
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
        #expect(
            kinds(
                framing.feed(ArraySlice(frame(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))))
            )
                == ["error -32700"])
    }

    @Test func aHeaderEndingInBareLineFeedsEndsThere() {
        // LF LF ends a header as CR LF CR LF does; the next message is its own.
        var framing = Framing()
        let body = #"{"id":5}"#
        let items = framing.feed(
            ArraySlice(Array("Content-Length: \(body.utf8.count)\n\n\(body)".utf8) + frame(#"{"id":6}"#)))
        #expect(kinds(items) == ["message 5", "message 6"])
        // Mixed: LF then CR LF, and a header line ending in LF among CR LF ones.
        var mixed = Framing()
        let more = mixed.feed(
            ArraySlice(Array("Content-Type: x\r\nContent-Length: 8\n\r\n{\"id\":7}".utf8) + frame(#"{"id":8}"#)))
        #expect(kinds(more) == ["message 7", "message 8"])
    }

    @Test func aLengthIsPlainDecimalDigits() {
        for value in ["+8", "-1", "8x", " 5x", "0x8", "8 8", "", "١٢"] {
            var framing = Framing()
            let items = framing.feed(
                ArraySlice(Array("Content-Length: \(value)\r\n\r\n{\"id\":1}".utf8) + frame(#"{"id":9}"#)))
            #expect(kinds(items) == ["error -32700", "message 9"], "Content-Length: \(value)")
        }
        var framing = Framing()
        #expect(kinds(framing.feed(ArraySlice(Array("Content-Length:  8 \t\r\n\r\n{\"id\":2}".utf8)))) == ["message 2"])
    }

    @Test func aRunOfJunkIsOneErrorAndTheNextMessageIsRead() {
        // 1 MiB of `content-length:` (every 15 bytes a header start that never ends), then a request.
        var framing = Framing()
        let junk = Array(String(repeating: "content-length:", count: 1_048_576 / 15).utf8)
        var items: [Incoming] = []
        var offset = 0
        while offset < junk.count {
            items += framing.feed(junk[offset..<min(junk.count, offset + 65536)])
            offset += 65536
        }
        items += framing.feed(ArraySlice(frame(#"{"id":10}"#)))
        #expect(kinds(items) == ["error -32700", "message 10"])
        // After a message was read, the next run of junk is reported again.
        let again = framing.feed(ArraySlice(Array("Content-Length: nope\r\n\r\n".utf8) + frame(#"{"id":11}"#)))
        #expect(kinds(again) == ["error -32700", "message 11"])
    }

    @Test func aHeaderWithTwoLengthsIsSkippedWholeAndTheNextMessagesRead() {
        // The conflicting header and its body are one run of junk; the two well-formed messages after it are read,
        // however the bytes arrive (its second length once framed the body and the next header as one message).
        let bytes =
            Array("Content-Length: 9\r\nContent-Length: 40\r\n\r\n{\"id\":99}".utf8) + frame(#"{"id":13}"#)
            + frame(#"{"id":14}"#)
        for cut in 0...bytes.count {
            var framing = Framing()
            let items = framing.feed(bytes[..<cut]) + framing.feed(bytes[cut...])
            #expect(kinds(items) == ["error -32700", "message 13", "message 14"], "cut at \(cut)")
        }
    }

    @Test func junkRightBeforeAMessageDoesNotSwallowIt() {
        var framing = Framing()
        let items = framing.feed(
            ArraySlice(Array("content-length:content-length:garbage: 12".utf8) + frame(#"{"id":12}"#)))
        #expect(kinds(items) == ["error -32700", "message 12"])
    }
}
