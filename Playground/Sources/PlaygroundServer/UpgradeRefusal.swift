import HTTPTypes
import NIOCore
import NIOHTTP1

/// Why an upgrade to the WebSocket is refused, answered as HTTP with the reason as the body.
///
/// Hummingbird answers every refused upgrade with a bare 400; the playground says what was wrong (403 for the
/// Origin or Host, 503 when the sessions are all taken, 429 when the client's address has all its own). The answer is
/// written on the upgrade's own channel, from the upgrade check (on the channel's event loop, before anything else is
/// written on it), and the connection is closed once it is out.
struct UpgradeRefusal: Error {
    let status: HTTPResponseStatus
    let reason: String
    /// Headers of its own (`Retry-After`, `Allow`, `Sec-WebSocket-Version`).
    var extra: [(String, String)] = []
    /// What /metrics counts it as.
    var kind: RefusalReason = .badRequest

    /// The session's place when the upgrade may go ahead (taken now, before the 101), with its client; else why not.
    static func check(_ request: HTTPRequest, peer: String, services: PlaygroundServices)
        -> Result<(SessionGate.Ticket, Client), UpgradeRefusal>
    {
        let (address, port, gate) = (services.address, services.port(), services.gate)
        let client: Client
        switch services.forwarding.client(peer: peer, headers: request.headerFields, authority: request.authority) {
        case .failure(let error):
            return .failure(UpgradeRefusal(status: .badRequest, reason: error.reason, kind: .forwarded))
        case .success(let read):
            client = read
        }
        guard let host = client.host, address.accepts(hostHeader: host, port: port) else {
            return .failure(
                UpgradeRefusal(
                    status: .forbidden, reason: "the Host must be this server's address (got \(client.host ?? "none"))")
            )
        }
        let origin = request.headerFields[.origin]
        guard address.accepts(origin: origin, client: client, port: port) else {
            return .failure(
                UpgradeRefusal(
                    status: .forbidden,
                    reason:
                        "the WebSocket's Origin must be this page's own, "
                        + "\(address.ownOrigins(client).joined(separator: " or ")) (got \(origin ?? "none"))",
                    kind: .origin))
        }
        guard !services.stopping.isStopping else {
            return .failure(
                UpgradeRefusal(status: .serviceUnavailable, reason: "the server is stopping", kind: .stopping))
        }
        switch gate.enter(from: client.key) {
        case .success(let ticket):
            return .success((ticket, client))
        case .failure(.full):
            return .failure(
                UpgradeRefusal(
                    status: .serviceUnavailable, reason: "\(gate.limit) playground sessions are open; close one",
                    kind: .full))
        case .failure(.address(let address)):
            return .failure(
                UpgradeRefusal(
                    status: .tooManyRequests,
                    reason: "\(gate.perAddress) playground sessions are open from \(address); close one",
                    kind: .address))
        }
    }

    /// The answer's head: plain text, not stored, not sniffed, and the connection closed after it.
    var head: HTTPResponseHead {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(reason.utf8.count + 1))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        headers.add(name: "Connection", value: "close")
        for (name, value) in extra { headers.add(name: name, value: value) }
        return HTTPResponseHead(version: .http1_1, status: status, headers: headers)
    }

    /// The answer's body: the reason and a line break.
    var body: ByteBuffer { ByteBuffer(string: reason + "\n") }

    /// The whole answer as bytes, for a handler in front of the HTTP encoder (`HeadTimer`).
    var bytes: ByteBuffer {
        var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for (name, value) in head.headers { text += "\(name): \(value)\r\n" }
        var buffer = ByteBuffer(string: text + "\r\n")
        var body = self.body
        buffer.writeBuffer(&body)
        return buffer
    }

    /// Writes the answer on `channel` (its HTTP/1 encoder still in place) and closes the connection.
    func answer(on channel: any Channel) {
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }

    /// Writes the answer from `context` (a handler behind the HTTP decoder) and closes the connection.
    func answer(from context: ChannelHandlerContext) {
        context.write(NIOAny(HTTPServerResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }
}
