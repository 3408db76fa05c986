import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import Logging
import MailboxJSON
import MailboxPlayground
import NIOCore
import NIOWebSocket
import PlaygroundOptions
import Testing

@testable import PlaygroundServer

/// The session protocol over a real WebSocket (docs/playground.md, "Protocol" and "Limits"): a live server on a
/// free loopback port (`.live`) and swift-websocket's client, in process. Tests/playground/test_server.py drives the
/// same paths from Python against the built program.
///
/// swift-websocket's client writes its URL's scheme and host as the `Origin` (`ws://localhost` for a `ws:` URL, which
/// no page has), so the sessions connect to an `http://localhost:PORT/ws` URL: their `Origin` is then
/// `http://localhost`, the public origin these servers are given (as `RouteTests`' are).
@Suite(.timeLimit(.minutes(1))) struct SocketTests {
    /// A server whose lines are kept in `lines` (the text format), with places for every session a test opens.
    static func playground() throws -> (PlaygroundApplication, LogTests.Lines) {
        let lines = LogTests.Lines()
        let logger = Logger(label: "test") { _ in PlaygroundLogHandler(format: .text, output: lines.add) }
        let playground = buildApplication(
            PlaygroundConfiguration(
                address: ServedAddress(
                    host: "127.0.0.1", publicOrigins: [try PublicOrigin.parse("http://localhost").get()]),
                sessionsPerAddress: 8, maxSessions: 8),
            logger: logger)
        return (playground, lines)
    }

    /// Opens a session on the live server at `port` and runs `talk` on it; the close frame the server sent, if any.
    @discardableResult
    static func session(
        port: Int?, _ talk: @escaping @Sendable (inout Page) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        let port = try #require(port)
        return try await WebSocketClient.connect(
            url: "http://localhost:\(port)/ws",
            // The server's answers are single frames: a hello or a screen is tens of KiB, an export up to 512 KiB.
            configuration: .init(maxFrameSize: 1 << 20),
            logger: Logger(label: "client") { _ in SwiftLogNoOpLogHandler() }
        ) { inbound, outbound, _ in
            var page = Page(messages: inbound.messages(maxSize: 1 << 20).makeAsyncIterator(), outbound: outbound)
            try await talk(&page)
        }
    }

    /// Waits up to five seconds for `condition` (what the server does after it closed a socket: its log line, its
    /// figures, its places given back).
    static func eventually(_ condition: () -> Bool) async throws -> Bool {
        for _ in 0..<500 {
            if condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return condition()
    }

    /// The test's end of one socket: it sends a page's messages and reads the server's answers as JSON.
    struct Page {
        var messages: WebSocketInboundMessageStream.AsyncIterator
        let outbound: WebSocketOutboundWriter
        /// The `id` of the next fence (`exchange`).
        var fences = 1_000_000
        /// The page's script as the `script` messages left it.
        var script: [String] = []

        /// The server's next message; nil once the socket is closed.
        mutating func next() async throws -> JSON? {
            while let message = try await messages.next() {
                guard case .text(let text) = message else { continue }
                let json = try JSON.parse(text, maxDepth: 64)
                if json["type"]?.stringValue == "script", let from = json["from"]?.integerValue,
                    let lines = json["lines"]?.arrayValue
                {
                    script = Array(script.prefix(Int(from))) + lines.compactMap(\.stringValue)
                }
                return json
            }
            return nil
        }

        /// Sends one message as the page writes it: one JSON object in a text frame.
        func send(_ fields: [(String, JSON)]) async throws {
            try await outbound.write(.text(JSON.object(fields).text))
        }

        /// Sends `messages`, then a fence (a line the session refuses, changing nothing, answered with an `error` of
        /// its own `id`); every answer the server sent before the fence's, in order.
        mutating func exchange(all messages: [[(String, JSON)]]) async throws -> [JSON] {
            fences += 1
            let fence = fences
            for message in messages { try await send(message) }
            try await send([("type", .string("line")), ("text", .string("fence")), ("id", .int(fence))])
            var answers: [JSON] = []
            while let answer = try await next() {
                if answer["type"] == .string("error") && answer["id"] == .int(fence) { return answers }
                answers.append(answer)
            }
            Issue.record("the socket closed before the fence's answer: \(answers.map(\.text))")
            return answers
        }

        /// Sends one message and a fence; the message's answers.
        mutating func exchange(_ fields: [(String, JSON)]) async throws -> [JSON] {
            try await exchange(all: [fields])
        }

        /// The session's opening: every message the server sent before it read any.
        mutating func opening() async throws -> [JSON] {
            try await exchange(all: [])
        }

        /// Reads until the server closes the socket; the messages on the way.
        mutating func untilClosed() async throws -> [JSON] {
            var answers: [JSON] = []
            while let answer = try await next() { answers.append(answer) }
            return answers
        }
    }

    static func types(_ answers: [JSON]) -> [String] { answers.compactMap { $0["type"]?.stringValue } }

    static func pointer(_ type: String, x: Double, y: Double, t: Double) -> [(String, JSON)] {
        [("type", .string(type)), ("x", .number(x)), ("y", .number(y)), ("t", .number(t))]
    }

    static func line(_ text: String, id: Int) -> [(String, JSON)] {
        [("type", .string("line")), ("text", .string(text)), ("id", .int(id))]
    }

    @Test func aSessionOpensWithHelloTheFirstScreenAndTheScript() async throws {
        let (playground, lines) = try Self.playground()
        try await playground.application.test(.live) { client in
            let closed = try await Self.session(port: client.port) { page in
                let opening = try await page.opening()
                #expect(Self.types(opening) == ["hello", "screen", "script"])
                let hello = try #require(opening.first)
                #expect(hello["version"] == .int(1))  // the protocol's
                #expect(hello["limits"]?["messageBytes"]?.integerValue == Int64(PlaygroundLimits.messageBytes))
                #expect(
                    hello["limits"]?["messagesPerSecond"]?.integerValue == Int64(PlaygroundLimits.messagesPerSecond))
                #expect((hello["params"]?.arrayValue?.count ?? 0) > 10)
                // The first screen is whole: the phone's SVG document, not a patch of one.
                let phone = try #require(opening[1]["phones"]?.arrayValue?.first)
                #expect(phone["svg"]?.stringValue?.contains("<svg") == true)
                #expect(phone["base"] == nil)
                #expect(page.script.isEmpty)
                try await page.outbound.close(.normalClosure, reason: nil)
            }
            #expect(closed?.closeCode == .normalClosure)
            #expect(try await Self.eventually { playground.services.gate.count == 0 })
        }
        #expect(lines.all.contains { $0.hasPrefix("session 1 opened (http://localhost from ") })
        #expect(lines.all.contains("session 1 closed (0 open)"))
    }

    @Test func aDragIsAnsweredWithScreensAndItsLinesInTheScript() async throws {
        let (playground, _) = try Self.playground()
        try await playground.application.test(.live) { client in
            _ = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                // msg1's row, dragged left 60 pt in four moves of a frame each, then released.
                var messages = [Self.pointer("down", x: 160, y: 187, t: 1000)]
                for k in 1...4 {
                    messages.append(Self.pointer("move", x: 160 - 15 * Double(k), y: 187, t: 1000 + 16 * Double(k)))
                }
                messages.append(Self.pointer("up", x: 100, y: 187, t: 1080))
                let answers = try await page.exchange(all: messages)
                // Every pointer message is answered with a screen; the script follows the finger.
                #expect(Self.types(answers).filter { $0 == "screen" }.count == messages.count)
                #expect(Self.types(answers).contains("script"))
                // Past the first, a frame's screen is a patch of the one before it (the row and the finger's dot).
                let patches = answers.filter { $0["phones"]?.arrayValue?.first?["base"] != nil }
                #expect(!patches.isEmpty)
                #expect(page.script.first?.hasPrefix("pan msg1 -") == true, "\(page.script)")
                #expect(page.script.last?.hasPrefix("release ") == true, "\(page.script)")
                // The release animates: ticks advance it, and the script says how long they ran.
                let ticks = try await page.exchange([("type", .string("tick")), ("t", .number(1400))])
                #expect(Self.types(ticks).first == "screen")
                #expect(page.script.last?.hasPrefix("advance ") == true, "\(page.script)")
            }
        }
    }

    @Test func aTypedLineIsRunAndAnsweredWithItsId() async throws {
        let (playground, _) = try Self.playground()
        try await playground.application.test(.live) { client in
            _ = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                let acted = try await page.exchange(Self.line("pan msg1 -30 in 0.05", id: 1))
                #expect(Self.types(acted) == ["screen", "script"])
                #expect(page.script == ["pan msg1 -30 in 0.05"])
                // A looking line is answered with its report, carrying the line's id.
                let looked = try await page.exchange(Self.line("show msg1.x", id: 2))
                let report = try #require(looked.first { $0["type"] == .string("report") })
                #expect(report["id"] == .int(2))
                #expect(report["text"]?.stringValue?.contains("-30") == true)
                // A refused line changes nothing and is answered with the error's words and its id.
                let refused = try await page.exchange(Self.line("pna msg1 10", id: 3))
                #expect(Self.types(refused) == ["error"])
                #expect(refused.first?["id"] == .int(3))
                #expect(refused.first?["message"]?.stringValue?.contains("did you mean 'pan'") == true)
                #expect(page.script == ["pan msg1 -30 in 0.05"])
            }
        }
    }

    @Test func aFrameOverTheBoundClosesTheSocketWith1009() async throws {
        let (playground, lines) = try Self.playground()
        try await playground.application.test(.live) { client in
            let closed = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                // One frame of 200 KiB: NIO's decoder refuses it from its header.
                let text = JSON.object(Self.line(String(repeating: "x", count: 200 * 1024), id: 1)).text
                try? await page.outbound.write(.text(text))
                _ = try await page.untilClosed()
            }
            #expect(closed?.closeCode == .messageTooLarge)
            #expect(try await Self.eventually { playground.services.metrics.refusalCount(.tooBig) == 1 })
        }
        #expect(lines.all.contains("session 1 ended: invalidFrameLength (0 open)"), "\(lines.all)")
    }

    @Test func aMessageOverTheBoundInSmallFramesClosesTheSocketWith1009() async throws {
        let (playground, lines) = try Self.playground()
        try await playground.application.test(.live) { client in
            let closed = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                // Three frames of 64 KiB, each under the frame bound, 192 KiB together.
                let part = String(repeating: "y", count: 64 * 1024)
                try await page.outbound.withTextMessageWriter { write in
                    try await write("[\"" + part)
                    try await write(part)
                    try await write(part)
                }
                _ = try await page.untilClosed()
            }
            #expect(closed?.closeCode == .messageTooLarge)
            #expect(try await Self.eventually { playground.services.metrics.refusalCount(.tooBig) == 1 })
        }
        let bound = PlaygroundLimits.messageBytes
        #expect(lines.all.contains("session 1 ended: a message over \(bound) bytes (1009) (0 open)"), "\(lines.all)")
    }

    @Test func aTextThatIsNotUTF8ClosesTheSocketWith1007() async throws {
        let (playground, _) = try Self.playground()
        try await playground.application.test(.live) { client in
            let closed = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                let bytes = ByteBuffer(bytes: [0x7B, 0xFF, 0xFE, 0x7D])
                try await page.outbound.write(.custom(WebSocketFrame(fin: true, opcode: .text, data: bytes)))
                _ = try await page.untilClosed()
            }
            #expect(closed?.closeCode == .dataInconsistentWithMessage)
            #expect(playground.services.metrics.refusalCount(.tooBig) == 0)
        }
    }

    @Test func aContinuationThatContinuesNothingClosesTheSocketWith1002() async throws {
        let (playground, _) = try Self.playground()
        try await playground.application.test(.live) { client in
            let closed = try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                let bytes = ByteBuffer(string: "{}")
                try await page.outbound.write(.custom(WebSocketFrame(fin: true, opcode: .continuation, data: bytes)))
                _ = try await page.untilClosed()
            }
            #expect(closed?.closeCode == .protocolError)
        }
    }

    @Test func aBinaryFrameIsAnsweredWithAnErrorAndTheSocketStaysOpen() async throws {
        let (playground, _) = try Self.playground()
        try await playground.application.test(.live) { client in
            try await Self.session(port: client.port) { page in
                _ = try await page.opening()
                try await page.outbound.write(.binary(ByteBuffer(bytes: [0, 1, 2])))
                let answers = try await page.exchange(all: [])
                #expect(Self.types(answers) == ["error"])
                #expect(answers.first?["message"]?.stringValue?.hasPrefix("binary frames are not read") == true)
                let ticked = try await page.exchange([("type", .string("tick")), ("t", .number(5))])
                #expect(Self.types(ticked) == ["screen"])
            }
            #expect(playground.services.metrics.refusalCount(.binary) == 1)
        }
    }

    @Test func anUpgradeFromAnotherOriginIsRefusedAndOpensNoSession() async throws {
        let (playground, lines) = try Self.playground()
        try await playground.application.test(.live) { client in
            // HummingbirdWSTesting's client: `ws://localhost:PORT/ws`, whose Origin `ws://localhost` is no page's.
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await client.ws("/ws") { _, _, _ in Issue.record("the upgrade went ahead") }
            }
            // The page's host on another port (port 80's page, `http://127.0.0.1`): not this server's page either.
            let port = try #require(client.port)
            await #expect(throws: WebSocketClientError.webSocketUpgradeFailed) {
                try await WebSocketClient.connect(
                    url: "http://127.0.0.1:\(port)/ws",
                    logger: Logger(label: "client") { _ in SwiftLogNoOpLogHandler() }
                ) { _, _, _ in Issue.record("the upgrade went ahead") }
            }
            #expect(playground.services.metrics.refusalCount(.origin) == 2)
            #expect(playground.services.gate.count == 0)
        }
        #expect(!lines.all.contains { $0.contains("opened") })
    }
}
