import NIOCore
import NIOEmbedded
import NIOHTTP1
import PlaygroundOptions
import Testing

@testable import PlaygroundServer

/// The guards of a connection before it is a WebSocket (`HeadTimer`, `RequestCheck`), on an `EmbeddedChannel`
/// whose clock the tests move: the bounds docs/playground.md's Limits table states.
@Suite struct ConnectionGuardTests {
    /// A connected channel with the guards around NIO's HTTP/1 codec, as `GuardedChannel` puts them.
    struct Guarded {
        let channel = EmbeddedChannel()
        let metrics = Metrics()
        let phase = ConnectionPhase()

        init() throws {
            let timer = HeadTimer(shared: phase, metrics: metrics)
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(timer)
            try operations.addHandler(HTTPResponseEncoder())
            try operations.addHandler(ByteToMessageHandler(HTTPRequestDecoder()))
            try operations.addHandler(RequestCheck(shared: phase, timer: timer, metrics: metrics))
            try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40000)).wait()
        }

        func send(_ text: String) throws { try channel.writeInbound(ByteBuffer(string: text)) }

        func wait(seconds: Int64) { channel.embeddedEventLoop.advanceTime(by: .seconds(seconds)) }

        /// Everything written to the socket so far, as text.
        func written() throws -> String {
            var text = ""
            while let buffer = try channel.readOutbound(as: ByteBuffer.self) { text += String(buffer: buffer) }
            return text
        }

        /// Answers the request under way, as the router would: a head and its end.
        func answer() throws {
            try channel.writeOutbound(
                HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: [:])))
            try channel.writeOutbound(HTTPServerResponsePart.end(nil))
        }
    }

    @Test func aConnectionThatSendsNothingIsClosedAfterTenSecondsWithoutAnAnswer() throws {
        let guarded = try Guarded()
        guarded.wait(seconds: ConnectionLimits.silentSeconds - 1)
        #expect(guarded.channel.isActive)
        guarded.wait(seconds: 1)
        #expect(!guarded.channel.isActive)
        #expect(try guarded.written().isEmpty)
    }

    @Test func aHeadNotCompleteWithinTenSecondsOfItsFirstByteIsAnswered408() throws {
        let guarded = try Guarded()
        guarded.wait(seconds: 5)
        try guarded.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n")
        guarded.wait(seconds: ConnectionLimits.headSeconds - 1)
        #expect(guarded.channel.isActive)
        #expect(try guarded.written().isEmpty)
        guarded.wait(seconds: 1)
        let answer = try guarded.written()
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(answer.hasSuffix("the request's head was not complete within 10 s\n"))
        #expect(!guarded.channel.isActive)
        #expect(guarded.metrics.refusalCount(.headTimeout) == 1)
    }

    @Test func aHeadOver32KiBIsAnswered431() throws {
        let guarded = try Guarded()
        let filler = String(repeating: "a", count: ConnectionLimits.headBytes)
        try guarded.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Filler: \(filler)")
        let answer = try guarded.written()
        #expect(answer.hasPrefix("HTTP/1.1 431 Request Header Fields Too Large\r\n"))
        #expect(answer.hasSuffix("the request's line and headers are over 32 KiB\n"))
        #expect(!guarded.channel.isActive)
        #expect(guarded.metrics.refusalCount(.headTooBig) == 1)
    }

    @Test func aHeadJustUnder32KiBIsPassedOn() throws {
        let guarded = try Guarded()
        let head = "GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-Filler: "
        let filler = String(repeating: "a", count: ConnectionLimits.headBytes - head.utf8.count - 4)
        try guarded.send(head + filler + "\r\n\r\n")
        #expect(try guarded.written().isEmpty)
        #expect(guarded.channel.isActive)
        guard case .head(let read) = try guarded.channel.readInbound(as: HTTPServerRequestPart.self) else {
            Issue.record("the head did not reach the router")
            return
        }
        #expect(read.uri == "/")
    }

    @Test func aKeptAliveConnectionIsClosedAfterSixtySecondsBetweenRequests() throws {
        let guarded = try Guarded()
        try guarded.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n\r\n")
        // Being answered: no bound runs (a slow answer is the server's own).
        guarded.wait(seconds: 120)
        #expect(guarded.channel.isActive)
        try guarded.answer()
        #expect(guarded.phase.phase == .idle)
        guarded.wait(seconds: ConnectionLimits.idleSeconds - 1)
        #expect(guarded.channel.isActive)
        guarded.wait(seconds: 1)
        #expect(!guarded.channel.isActive)
    }

    @Test func twoHostHeadersAreAnswered400() throws {
        let guarded = try Guarded()
        try guarded.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nHost: evil.example\r\n\r\n")
        let answer = try guarded.written()
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(answer.contains("a request has exactly one Host header (RFC 9112 §3.2; got 2)"))
        #expect(guarded.metrics.refusalCount(.badRequest) == 1)
    }

    @Test func anUpgradeElsewhereThanTheSocketIsAnswered404AndOneNotAGetIs405() throws {
        let upgrade =
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        let elsewhere = try Guarded()
        try elsewhere.send("GET /other HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n" + upgrade)
        #expect(try elsewhere.written().hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        let posted = try Guarded()
        try posted.send("POST /ws HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n" + upgrade)
        let answer = try posted.written()
        #expect(answer.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
        #expect(answer.contains("Allow: GET\r\n"))
    }

    @Test func aRequestThatIsNotHTTPIsAnswered400() throws {
        let guarded = try Guarded()
        try? guarded.send("HELLO\0 / HTTP/1.1\r\n\r\n")
        let answer = try guarded.written()
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(answer.contains("the request could not be read as HTTP/1.1"))
    }

    @Test func aBodyHasTenSecondsAndOneMoreForEach16KiBThatCame() {
        #expect(ConnectionLimits.bodyMilliseconds(after: 0) == 10_000)
        #expect(ConnectionLimits.bodyMilliseconds(after: 16 * 1024) == 11_000)
        // docs/playground.md: "a 1 MiB export: 74 s at most".
        #expect(ConnectionLimits.bodyMilliseconds(after: 1 << 20) == 74_000)
    }

    @Test func aBodyUnderWayIsTimedAndItsEndMakesTheConnectionIdle() throws {
        let guarded = try Guarded()
        try guarded.send("POST /walkthrough HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 4\r\n\r\nsw")
        #expect(guarded.phase.phase == .body)
        #expect(guarded.phase.sheddable == 1)
        try guarded.send("ip")
        #expect(guarded.phase.phase == .request)
        #expect(guarded.phase.sheddable == nil)
        try guarded.answer()
        #expect(guarded.phase.phase == .idle)
        #expect(guarded.phase.sheddable == 0)
    }
}

/// `ConnectionTable`: the connections of one client address, and of the trusted proxies, bounded.
@Suite struct ConnectionTableTests {
    @Test func oneAddressHolds512ConnectionsAndTheNextIsRefused() throws {
        let table = ConnectionTable(
            forwarding: Forwarding(trusted: []), maxSessions: 64, total: 10_000, metrics: Metrics())
        let (key, limit) = table.bound(for: "203.0.113.7")
        #expect(limit == 512)
        let channel = EmbeddedChannel()
        for _ in 0..<limit {
            guard case .success = table.open(from: key, limit: limit, phase: ConnectionPhase(), channel: channel) else {
                Issue.record("a connection under the bound was refused")
                return
            }
        }
        guard case .failure(.address) = table.open(from: key, limit: limit, phase: ConnectionPhase(), channel: channel)
        else {
            Issue.record("the 513th connection was let in")
            return
        }
        let (other, _) = table.bound(for: "203.0.113.8")
        guard case .success = table.open(from: other, limit: limit, phase: ConnectionPhase(), channel: channel) else {
            Issue.record("another address was refused")
            return
        }
        #expect(table.count == 513)
    }

    @Test func anIPv6ClientIsCountedByIts64() {
        let table = ConnectionTable(
            forwarding: Forwarding(trusted: []), maxSessions: 64, total: 100, metrics: Metrics())
        #expect(table.bound(for: "2001:db8:1:2::7").0 == table.bound(for: "2001:db8:1:2:ffff::1").0)
        #expect(table.bound(for: "2001:db8:1:2::7").0 != table.bound(for: "2001:db8:1:3::7").0)
    }

    @Test func theTrustedProxiesShareOneBoundOfTheSessionsAnd512() throws {
        let range = try AddressRange.parse("127.0.0.2").get()
        let table = ConnectionTable(
            forwarding: Forwarding(trusted: [range]), maxSessions: 64, total: 100, metrics: Metrics())
        let (key, limit) = table.bound(for: "127.0.0.2")
        #expect(key == ConnectionTable.proxies)
        #expect(limit == 64 + 512)
    }
}
