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
    let connections: ConnectionCount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        inner.setup(channel: channel, logger: logger).flatMapThrowing { [connections] value in
            // On the channel's event loop, before it reads: the pipeline is the upgradable HTTP one.
            let peer = channel.remoteAddress?.ipAddress ?? "an unknown address"
            let (key, limit) = connections.bound(for: peer)
            guard connections.open(from: key, limit: limit) else {
                connections.metrics.refused(.connections)
                Log.refused(.connections, "\(limit) connections are open from \(key)", client: peer)
                // Written from the pipeline's tail, as HTTP parts: its response encoder is in place.
                UpgradeRefusal(
                    status: .serviceUnavailable,
                    reason: "\(limit) connections are open from \(key); close some",
                    extra: [("Retry-After", "10")]
                ).answer(on: channel)
                return value
            }
            channel.closeFuture.whenComplete { _ in connections.close(from: key) }
            let shared = ConnectionPhase()
            let timer = HeadTimer(shared: shared, metrics: connections.metrics)
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(timer, position: .first)
            let decoder = try operations.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try operations.addHandler(
                RequestCheck(shared: shared, timer: timer, metrics: connections.metrics), position: .after(decoder))
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

/// The connections open from each client address, bounded by `ConnectionLimits.perAddress`: past it a new one is
/// answered 503 and closed at once, so that one client cannot take every descriptor the server has.
///
/// A trusted proxy's connections carry many clients, so they are not counted per address: all trusted proxies'
/// connections together are bounded by `proxyLimit` instead (one a session place, `--max-sessions`, and
/// `ConnectionLimits.perAddress` more for the page's requests and exports). The proxy bounds each client's own
/// connections (nginx's `limit_conn`; docs/playground.md, "Behind a proxy").
final class ConnectionCount: Sendable {
    private let open = Mutex<[String: Int]>([:])
    let forwarding: Forwarding
    let proxyLimit: Int
    /// Where the refusals of the connections' guards are counted.
    let metrics: Metrics

    /// The key the trusted proxies' connections are counted under.
    static let proxies = "the trusted proxies"

    init(forwarding: Forwarding, maxSessions: Int, metrics: Metrics) {
        self.forwarding = forwarding
        self.metrics = metrics
        proxyLimit = maxSessions + ConnectionLimits.perAddress
    }

    /// What a connection from `peer` is counted under, and that key's bound.
    func bound(for peer: String) -> (String, Int) {
        forwarding.isTrusted(peer) ? (Self.proxies, proxyLimit) : (peer, ConnectionLimits.perAddress)
    }

    /// Counts one more under `key`, or false (and counts nothing) when it has its bound.
    func open(from key: String, limit: Int) -> Bool {
        open.withLock { open in
            guard open[key, default: 0] < limit else { return false }
            open[key, default: 0] += 1
            return true
        }
    }

    func close(from key: String) {
        open.withLock { open in
            let left = open[key, default: 1] - 1
            open[key] = left > 0 ? left : nil
        }
    }
}
