import HTTPTypes
import NIOCore
import NIOHTTP1
import PlaygroundOptions
import Synchronization

/// `GET /healthz` and `GET /metrics` answered cheaply: a flood of them (5,000 to 11,000 a second
/// from loopback) put a page's p99 at about 100 ms, each request taking Hummingbird's router and the tasks the
/// pages' sockets share, and each `/metrics` reading `/proc` again.
///
/// Now, as Envoy's health check filter does, the common answers are written straight from the connection's
/// handlers (`ProbeHandler`), on its event loop, without reaching the router: `ok` or `stopping`, and the exposition
/// kept for `cacheMilliseconds`. And as nginx's `limit_req` does, each client (its `ClientKey`) is held to `perSecond`
/// probes a second with a burst as large: a probe past it waits its turn (the connection is not read meanwhile, so a
/// pipelined flood waits in the client's socket, not in the server), up to `delaySeconds`; past that, 429 with
/// `Retry-After: 1`, and the connection is closed a second later. Anything else about them (a `Host` that does not
/// name the server, a relayed `/metrics`, a trusted proxy's header that cannot be read) goes on to the routes
/// (`HealthRoutes`), which answer with words as before.
final class ProbeAnswers: Sendable {
    /// Probes a second from one client, and the burst allowed (a balancer asks once every few seconds).
    static let perSecond = 20.0
    /// The longest a probe waits for its turn before it is refused 429.
    static let delaySeconds = 1.0
    /// How long one exposition of `/metrics` is served again (a scraper asks every 15 s or so; a benchmark that
    /// reads the figures before and after a run sees them at most this late).
    static let cacheMilliseconds: Int64 = 250
    /// The clients' allowances kept at most; past it the full ones (clients that stopped asking) are forgotten.
    static let clientsKept = 4096

    let address: ServedAddress
    let port: @Sendable () -> Int
    let forwarding: Forwarding
    let stopping: Stopping
    let metrics: Metrics
    let gate: SessionGate
    let connections: ConnectionTable
    private let allowances = Mutex<[String: Allowance]>([:])
    private let cached = Mutex<(at: Int64, text: String)?>(nil)

    init(
        address: ServedAddress, port: @escaping @Sendable () -> Int, forwarding: Forwarding, stopping: Stopping,
        metrics: Metrics, gate: SessionGate, connections: ConnectionTable
    ) {
        self.address = address
        self.port = port
        self.forwarding = forwarding
        self.stopping = stopping
        self.metrics = metrics
        self.gate = gate
        self.connections = connections
    }

    /// When a probe of client `key` may be answered.
    enum Pace {
        case now
        /// After this many milliseconds (its turn is kept).
        case after(Int64)
        /// Not within `delaySeconds`: 429.
        case refused
    }

    /// Takes client `key`'s next turn.
    func pace(_ key: String) -> Pace {
        let now = ContinuousClock.now
        let wait: Double? = allowances.withLock { allowances in
            if allowances[key] == nil, allowances.count >= Self.clientsKept {
                allowances = allowances.filter { !$0.value.isFull(now) }
                if allowances.count >= Self.clientsKept { allowances.removeAll(keepingCapacity: true) }
            }
            return allowances[key, default: Allowance(at: now)].reserve(now)
        }
        guard let wait else {
            metrics.refused(.probeRate)
            return .refused
        }
        return wait <= 0 ? .now : .after(Int64((wait * 1000).rounded(.up)))
    }

    /// The exposition, made again at most once every `cacheMilliseconds`.
    func exposition() -> String {
        let now = IdleWatch.now()
        if let (at, text) = cached.withLock({ $0 }), now - at < Self.cacheMilliseconds { return text }
        let text = metrics.exposition(
            sessions: gate.count, connections: connections.count, maxConnections: connections.total)
        cached.withLock { $0 = (now, text) }
        return text
    }

    /// The 429 of a client past its rate.
    static let tooOften = (
        HTTPResponseStatus.tooManyRequests,
        "at most \(Int(perSecond)) requests a second for /healthz and /metrics from one client; slow down",
        "text/plain; charset=utf-8"
    )

    /// The client of `head` when it is a probe (a GET or HEAD of /healthz or /metrics, HTTP/1.x, no body): every
    /// probe is paced; nil for any other request, and for a probe whose forwarded headers cannot be read (the routes
    /// say why).
    func client(of head: HTTPRequestHead, peer: String) -> Client? {
        guard head.method == .GET || head.method == .HEAD, head.version.major == 1, !RequestCheck.hasBody(head) else {
            return nil
        }
        let path = head.uri.split(separator: "?", maxSplits: 1).first ?? ""
        guard path == "/healthz" || path == "/metrics" else { return nil }
        var fields = HTTPFields()
        for name in [Forwarding.forwardedFor, Forwarding.forwardedProto, Forwarding.forwardedHost, Forwarding.forwarded]
        {
            for value in head.headers[name.rawName] { fields.append(HTTPField(name: name, value: value)) }
        }
        guard
            case .success(let client) = forwarding.client(
                peer: peer, headers: fields, authority: head.headers["Host"].first)
        else { return nil }
        return client
    }

    /// The answer to probe `head` of `client`: its status, body and type; nil when the routes answer it (a refusal,
    /// with words).
    func answer(to head: HTTPRequestHead, client: Client) -> (HTTPResponseStatus, String, String)? {
        guard head.method == .GET, let host = client.host, address.accepts(hostHeader: host, port: port()) else {
            return nil
        }
        if head.uri.hasPrefix("/healthz") {
            return (
                stopping.isStopping ? .serviceUnavailable : .ok, stopping.isStopping ? "stopping" : "ok", Self.plain
            )
        }
        guard IPAddress.isLoopback(client.address) || forwarding.isTrusted(client.address) else { return nil }
        return (.ok, String(exposition().dropLast()), "text/plain; version=0.0.4; charset=utf-8")
    }

    static let plain = "text/plain; charset=utf-8"

    /// Writes the answer from `context` (a handler behind the HTTP decoder), closing the connection after it when
    /// the request asked for that.
    static func write(
        _ answer: (HTTPResponseStatus, String, String), keepAlive: Bool, from context: ChannelHandlerContext,
        closeAfter delay: TimeAmount = .zero
    ) {
        let (status, text, type) = answer
        var headers = HTTPHeaders()
        for field in PageRoutes.headers(type: type) { headers.add(name: field.name.rawName, value: field.value) }
        let body = ByteBuffer(string: text + "\n")
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        if status == .tooManyRequests { headers.add(name: "Retry-After", value: "1") }
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        context.write(
            NIOAny(HTTPServerResponsePart.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))),
            promise: nil)
        context.write(NIOAny(HTTPServerResponsePart.body(.byteBuffer(body))), promise: nil)
        let written = context.writeAndFlush(NIOAny(HTTPServerResponsePart.end(nil)))
        guard !keepAlive else { return }
        let channel = context.channel
        written.whenComplete { _ in
            if delay == .zero {
                channel.close(promise: nil)
            } else {
                channel.eventLoop.scheduleTask(in: delay) { channel.close(promise: nil) }
            }
        }
    }
}

/// One client's probes: a token bucket that may be drawn ahead by `ProbeAnswers.delaySeconds` (the turns of probes
/// that wait).
struct Allowance {
    private var tokens = ProbeAnswers.perSecond
    private var last: ContinuousClock.Instant

    init(at now: ContinuousClock.Instant) { last = now }

    /// Takes a turn: the seconds to wait for it (0: now), or nil when it is further than `delaySeconds` away.
    mutating func reserve(_ now: ContinuousClock.Instant) -> Double? {
        refill(now)
        let wait = (1 - tokens) / ProbeAnswers.perSecond
        guard wait <= ProbeAnswers.delaySeconds else { return nil }
        tokens -= 1
        return wait
    }

    /// Whether the bucket has refilled to its burst (its client stopped asking).
    func isFull(_ now: ContinuousClock.Instant) -> Bool {
        var copy = self
        copy.refill(now)
        return copy.tokens >= ProbeAnswers.perSecond
    }

    private mutating func refill(_ now: ContinuousClock.Instant) {
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(ProbeAnswers.perSecond, tokens + seconds * ProbeAnswers.perSecond)
    }
}
