import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import NIOHTTP1
import Synchronization

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, guarded: a `HeadTimer` in front of the HTTP decoder and
/// a `RequestCheck` behind it while the connection speaks HTTP (a `MaskCheck` is put in front once an upgrade is
/// accepted: see PlaygroundServer). Hummingbird answers none of these cases itself (it leaves a connection that
/// never completes a head open, and closes a bad one without a word).
struct GuardedChannel: ServerChildChannel {
    typealias Value = HTTP1WebSocketUpgradeChannel.Value
    let inner: HTTP1WebSocketUpgradeChannel
    let connections: ConnectionTable
    let probes: ProbeAnswers
    /// Where the refusals are written.
    let log: Log

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { [connections, probes, log] value in
            // On the channel's event loop, before it reads: the pipeline is the upgradable HTTP one.
            let peer = channel.remoteAddress?.ipAddress ?? "an unknown address"
            let (key, limit) = connections.bound(for: peer)
            let shared = ConnectionPhase()
            switch connections.open(from: key, limit: limit, phase: shared, channel: channel) {
            case .failure(let refusal):
                let reason =
                    refusal == .address
                    ? "\(limit) connections are open from \(key)"
                    : "the server holds its most connections (\(connections.total)), none idle"
                connections.metrics.refused(.connections)
                log.refused(.connections, reason, client: peer)
                // Written from the pipeline's tail, as HTTP parts: its response encoder is in place.
                UpgradeRefusal(
                    status: .serviceUnavailable, reason: reason + "; close some", extra: [("Retry-After", "10")]
                ).answer(on: channel)
                return value
            case .success(let id):
                channel.closeFuture.whenComplete { _ in connections.close(id) }
            }
            let timer = HeadTimer(shared: shared, metrics: connections.metrics)
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(timer, position: .first)
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            let check = RequestCheck(shared: shared, timer: timer, metrics: connections.metrics)
            try operations.addHandler(check, position: .after(decoder))
            try operations.addHandler(ProbeHandler(probes: probes, shared: shared), position: .after(check))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}

/// Closes a WebSocket whose client sends an unmasked frame, with 1002 (RFC 6455 §5.1: "a server MUST close the
/// connection upon receiving a frame that is not masked"). It reads the frames' headers from the bytes, in front
/// of NIO's frame decoder (which accepts both), and passes every byte on untouched.
final class MaskCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The bytes of the frame header being read, and the payload bytes still to pass before the next header.
    private var header: [UInt8] = []
    private var payloadLeft: UInt64 = 0
    private var closing = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let bytes = unwrapInboundIn(data)
        var view = bytes.readableBytesView[...]
        while !view.isEmpty {
            if payloadLeft > 0 {
                let skip = Int(min(UInt64(view.count), payloadLeft))
                view = view.dropFirst(skip)
                payloadLeft -= UInt64(skip)
                continue
            }
            header.append(view.removeFirst())
            guard let needed = Self.headerLength(header), header.count == needed else { continue }
            guard header[1] & 0x80 != 0 else {
                unmasked(context)
                return
            }
            payloadLeft = Self.payloadLength(header)
            header.removeAll(keepingCapacity: true)
        }
        context.fireChannelRead(data)
    }

    /// A header's whole length once its first two bytes are known.
    static func headerLength(_ h: [UInt8]) -> Int? {
        guard h.count >= 2 else { return nil }
        let mask = h[1] & 0x80 != 0 ? 4 : 0
        switch h[1] & 0x7F {
        case 126: return 4 + mask
        case 127: return 10 + mask
        default: return 2 + mask
        }
    }

    static func payloadLength(_ h: [UInt8]) -> UInt64 {
        switch h[1] & 0x7F {
        case 126: return UInt64(h[2]) << 8 | UInt64(h[3])
        case 127: return (2..<10).reduce(UInt64(0)) { $0 << 8 | UInt64(h[$1]) }
        case let n: return UInt64(n)
        }
    }

    private func unmasked(_ context: ChannelHandlerContext) {
        closing = true
        let reason = Array("client frames must be masked".utf8)
        var frame = context.channel.allocator.buffer(capacity: 4 + reason.count)
        frame.writeBytes([0x88, UInt8(2 + reason.count), 0x03, 0xEA])  // a close frame: 1002, protocol error
        frame.writeBytes(reason)
        context.writeAndFlush(NIOAny(frame)).whenComplete { _ in context.close(promise: nil) }
    }
}
