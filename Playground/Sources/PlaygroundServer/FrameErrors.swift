import NIOCore
import NIOWebSocket
import Synchronization

/// The protocol error NIO's frame decoder raised on one socket (`NIOWebSocketError`: a frame over the bound, a
/// control frame fragmented or over 125 bytes), kept for its session to count and log.
///
/// The session never sees that error thrown: NIO's `WebSocketProtocolErrorHandler` answers it (a close frame with
/// its code, 1009 for a frame over the bound) and closes the channel before passing it on, so the session's
/// inbound stream ends as if the page had gone. A `FrameErrorWatch` right behind the decoder sees it first.
final class FrameErrors: Sendable {
    private let first = Mutex<NIOWebSocketError?>(nil)

    /// The first error the decoder raised, if any.
    var error: NIOWebSocketError? { first.withLock { $0 } }

    func record(_ error: NIOWebSocketError) {
        first.withLock { first in
            if first == nil { first = error }
        }
    }

    /// Puts a `FrameErrorWatch` right behind `channel`'s frame decoder, once the upgrade has put it there. A frame
    /// the page sent between the 101 and this goes by unwatched (it is still refused, by NIO, as before).
    func watch(_ channel: any Channel) async {
        try? await channel.eventLoop.submit { [self] in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<WebSocketFrameDecoder>.self)
            try pipeline.addHandler(FrameErrorWatch(errors: self), position: .after(decoder))
        }.get()
    }
}

/// Passes the decoder's frames on untouched, and records its `NIOWebSocketError`s (matched by type) in `errors`.
final class FrameErrorWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private let errors: FrameErrors

    init(errors: FrameErrors) { self.errors = errors }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let error = error as? NIOWebSocketError { errors.record(error) }
        context.fireErrorCaught(error)
    }
}
