import HummingbirdWebSocket
import NIOCore
import NIOWebSocket

/// Why the server stops reading a socket: a message the page may not send, told by its type, never by its words.
enum InboundRefusal: Error, Equatable, CustomStringConvertible {
    /// A message over `PlaygroundLimits.messageBytes`, in frames each under the frame bound (a single frame over it
    /// is NIO's `NIOWebSocketError.invalidFrameLength`, answered by NIO's own error handler).
    case tooBig(bound: Int)
    /// A text message that is not UTF-8.
    case notUTF8
    /// A continuation frame that continues nothing, or a new message begun before the last one ended.
    case misplacedFrame

    /// The close code the socket is closed with (RFC 6455 §7.4.1), as hummingbird-websocket closed it.
    var closeCode: WebSocketErrorCode {
        switch self {
        case .tooBig: .messageTooLarge
        case .notUTF8: .dataInconsistentWithMessage
        case .misplacedFrame: .protocolError
        }
    }

    /// The words of the session's closing line in the log.
    var description: String {
        switch self {
        case .tooBig(let bound): "a message over \(bound) bytes (1009)"
        case .notUTF8: "a text message that is not UTF-8 (1007)"
        case .misplacedFrame: "a frame out of its message's order (1002)"
        }
    }
}

/// The page's messages, each collated from its frames, at most `maxBytes`.
///
/// hummingbird-websocket's `messages(maxSize:)` does the same, but ends a message over the bound, a text that is
/// not UTF-8 or a misplaced frame with swift-websocket's `WebSocketHandler.InternalError`, whose access is
/// `package`: this server could tell it only by its words. Here each is an `InboundRefusal`, matched by type; the
/// control frames (ping, pong, close) are still answered by `WebSocketInboundStream`'s own iterator.
struct MessageReader {
    private var frames: WebSocketInboundStream.AsyncIterator
    private let maxBytes: Int

    init(_ inbound: WebSocketInboundStream, maxBytes: Int) {
        frames = inbound.makeAsyncIterator()
        self.maxBytes = maxBytes
    }

    /// The next whole message; nil when the page closed the socket (or it closed), mid-message too.
    mutating func next() async throws -> WebSocketMessage? {
        guard let first = try await frames.next() else { return nil }
        guard first.opcode != .continuation else { throw InboundRefusal.misplacedFrame }
        // A single frame is bounded by NIO's decoder (the server's `maxFrameSize`); the sum is bounded here.
        var data = first.data
        var ended = first.fin
        while !ended {
            guard let frame = try await frames.next() else { return nil }
            guard frame.opcode == .continuation else { throw InboundRefusal.misplacedFrame }
            guard data.readableBytes + frame.data.readableBytes <= maxBytes else {
                throw InboundRefusal.tooBig(bound: maxBytes)
            }
            var part = frame.data
            data.writeBuffer(&part)
            ended = frame.fin
        }
        if first.opcode == .binary { return .binary(data) }
        guard let text = String(validating: data.readableBytesView, as: UTF8.self) else {
            throw InboundRefusal.notUTF8
        }
        return .text(text)
    }
}
