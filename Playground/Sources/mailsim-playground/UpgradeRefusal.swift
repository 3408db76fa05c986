import HTTPTypes
import NIOCore
import NIOHTTP1

/// Why an upgrade to the WebSocket is refused, answered as HTTP with the reason as the body.
///
/// Hummingbird answers every refused upgrade with a bare 400; the playground says what was wrong (403 for the
/// Origin or Host, 503 when the sessions are all taken). The answer is written on the upgrade's own channel, from
/// the upgrade check (on the channel's event loop, before anything else is written on it), and the connection is
/// closed once it is out.
struct UpgradeRefusal: Error {
    let status: HTTPResponseStatus
    let reason: String

    /// The refusal of an upgrade request, or nil when it may go ahead.
    static func of(_ request: HTTPRequest, address: ServedAddress, port: Int, gate: SessionGate) -> UpgradeRefusal? {
        let host = request.authority
        guard let host, address.accepts(hostHeader: host, port: port) else {
            return UpgradeRefusal(status: .forbidden, reason: "the Host must be this server's address (got \(host ?? "none"))")
        }
        let origin = request.headerFields[.origin]
        guard address.accepts(origin: origin, hostHeader: host, port: port) else {
            return UpgradeRefusal(status: .forbidden,
                                  reason: "the WebSocket's Origin must be this page's own, http://\(host) (got \(origin ?? "none"))")
        }
        guard gate.hasRoom else {
            return UpgradeRefusal(status: .serviceUnavailable, reason: "\(gate.limit) playground sessions are open; close one")
        }
        return nil
    }

    /// Writes the answer on `channel` (its HTTP/1 encoder still in place) and closes the connection.
    func answer(on channel: any Channel) {
        let body = ByteBuffer(string: reason + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Connection", value: "close")
        let head = HTTPResponseHead(version: .http1_1, status: status, headers: headers)
        channel.write(HTTPServerResponsePart.head(head), promise: nil)
        channel.write(HTTPServerResponsePart.body(.byteBuffer(body)), promise: nil)
        channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
    }
}
