import Foundation
import NIOCore
import NIOHTTP1
import Synchronization

/// The bounds of one connection before it is a WebSocket, in one place.
enum ConnectionLimits {
    /// A request head must be complete this long after its first byte arrives, or the connection is answered 408
    /// and closed (a slow or partial head, a connection that sends nothing).
    static let headSeconds: Int64 = 10
    /// A connection that sends nothing at all is closed this long after it opened (no answer: it asked nothing).
    static let silentSeconds: Int64 = 10
    /// A kept-alive connection with no request under way is closed after this long.
    static let idleSeconds: Int64 = 60
    /// A request head (request line and headers) of more than this many bytes is answered 431 and closed.
    static let headBytes = 32 * 1024
    /// Connections open at once from one client address; the next is answered 503 and closed.
    static let perAddress = 512
    /// A request's body must be complete this long after its head, plus a second for each `bodyBytesPerSecond`
    /// that arrived (a body that trickles a byte every few seconds is cut here), or it is answered 408 and closed.
    static let bodySeconds: Int64 = 10
    /// The rate that extends a body's bound: a 1 MiB body (the most an export reads) has 74 s at most.
    static let bodyBytesPerSecond: Int64 = 16 * 1024

    /// How long a body may take from its head, in milliseconds, once `bytes` of it have arrived.
    static func bodyMilliseconds(after bytes: Int64) -> Int64 { bodySeconds * 1000 + bytes * 1000 / bodyBytesPerSecond }
}

/// What the guards of a connection share: where it is in its requests, and since when. Written on the channel's event
/// loop only; read there, and by `ConnectionTable` from any thread when it chooses which connections to shed.
final class ConnectionPhase: Sendable {
    /// Where a connection is: opened (nothing read yet), idle between requests, in a head, answering, in a body.
    enum Phase: UInt8 { case opened, idle, head, request, body, upgraded }
    private let code = Atomic<UInt8>(Phase.opened.rawValue)
    private let changed = Atomic<Int64>(IdleWatch.now())
    private let answers = Atomic<Int>(0)

    var phase: Phase {
        get { Phase(rawValue: code.load(ordering: .relaxed)) ?? .upgraded }
        set {
            code.store(newValue.rawValue, ordering: .relaxed)
            changed.store(IdleWatch.now(), ordering: .relaxed)
        }
    }

    /// When the phase began (milliseconds on the monotonic clock).
    var since: Int64 { changed.load(ordering: .relaxed) }

    /// Requests whose head arrived and whose answer has not ended.
    var unanswered: Int {
        get { answers.load(ordering: .relaxed) }
        set { answers.store(newValue, ordering: .relaxed) }
    }

    /// Whether the connection may be shed when the server holds its most connections, and how soon: 0 for one that
    /// asks nothing (silent since it opened, idle between requests), 1 for one whose head or body is still coming;
    /// nil for one being answered, or a WebSocket.
    var sheddable: Int? {
        switch phase {
        case .opened, .idle: return 0
        case .head, .body: return 1
        case .request, .upgraded: return nil
        }
    }
}

/// The first handler of a connection, on its bytes: it times a request head from its first byte and counts its
/// bytes, before the HTTP decoder holds them; between requests it times the connection idle. It answers with a
/// raw status line (the HTTP encoder behind it may be mid-answer) and closes.
final class HeadTimer: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let shared: ConnectionPhase
    let metrics: Metrics
    private var timer: Scheduled<Void>?
    private var headBytes = 0
    /// This handler's own context (the timers write raw bytes from it).
    private var context: ChannelHandlerContext?
    /// The body under way: when its head ended, the bytes that arrived, and whether it is still coming.
    private var bodyStart: Int64 = 0
    private var bodyBytes: Int64 = 0
    private var bodyPending = false
    /// Every answer ended while the body was still coming: idle once it has come.
    private var answeredEarly = false

    init(shared: ConnectionPhase, metrics: Metrics) {
        self.shared = shared
        self.metrics = metrics
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        arm(context, seconds: ConnectionLimits.silentSeconds, answer: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) { timer?.cancel() }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        switch shared.phase {
        case .opened, .idle:
            shared.phase = .head
            headBytes = 0
            arm(
                context, seconds: ConnectionLimits.headSeconds,
                answer: .requestTimeout, "the request's head was not complete within \(ConnectionLimits.headSeconds) s")
            fallthrough
        case .head:
            headBytes += bytes.readableBytes
            guard headBytes <= ConnectionLimits.headBytes else {
                refuse(
                    context, .requestHeaderFieldsTooLarge,
                    "the request's line and headers are over \(ConnectionLimits.headBytes / 1024) KiB")
                return
            }
        case .request, .body, .upgraded:
            break
        }
        context.fireChannelRead(data)
    }

    /// The head arrived (RequestCheck saw it): no more timing until its answer has ended.
    func headArrived() {
        timer?.cancel()
        timer = nil
    }

    /// Every answer has ended: the connection is idle until the next byte (once the body under way has come).
    func answered() {
        guard !bodyPending else {
            answeredEarly = true
            return
        }
        guard let context else { return }
        shared.phase = .idle
        arm(context, seconds: ConnectionLimits.idleSeconds, answer: nil)
    }

    /// The head of a request with a body arrived: the body must come within its bound.
    func bodyBegan() {
        bodyStart = IdleWatch.now()
        bodyBytes = 0
        bodyPending = true
        answeredEarly = false
        shared.phase = .body
        armBody()
    }

    /// `count` bytes of the body arrived.
    func bodyRead(_ count: Int) { bodyBytes += Int64(count) }

    /// The body's end arrived.
    func bodyEnded() {
        guard bodyPending else { return }
        bodyPending = false
        timer?.cancel()
        timer = nil
        if answeredEarly || shared.unanswered == 0 {
            answered()
        } else {
            shared.phase = .request
        }
    }

    /// When the body must be complete: its base bound, extended by what arrived.
    private var bodyDeadline: Int64 {
        bodyStart + ConnectionLimits.bodyMilliseconds(after: bodyBytes)
    }

    private func armBody() {
        guard let context else { return }
        timer?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .milliseconds(max(1, bodyDeadline - IdleWatch.now()))) {
            let (handler, context) = loopBound.value
            guard handler.bodyPending else { return }
            if IdleWatch.now() < handler.bodyDeadline {
                handler.armBody()
            } else {
                handler.refuse(
                    context, .requestTimeout,
                    "the request's body was not complete within \(ConnectionLimits.bodySeconds) s (and 1 s more for "
                        + "each \(ConnectionLimits.bodyBytesPerSecond / 1024) KiB that came)",
                    kind: .bodyTimeout)
            }
        }
    }

    private func arm(
        _ context: ChannelHandlerContext, seconds: Int64, answer status: HTTPResponseStatus?, _ reason: String = ""
    ) {
        timer?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: .seconds(seconds)) {
            let (handler, context) = loopBound.value
            if let status { handler.refuse(context, status, reason) } else { context.close(promise: nil) }
        }
    }

    /// Writes a plain-text answer with `status` straight to the socket and closes the connection.
    func refuse(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ reason: String, kind: RefusalReason? = nil
    ) {
        timer?.cancel()
        bodyPending = false
        metrics.refused(kind ?? (status == .requestTimeout ? .headTimeout : .headTooBig))
        shared.phase = .upgraded  // nothing more is read
        context.writeAndFlush(wrapOutboundOut(UpgradeRefusal(status: status, reason: reason).bytes)).whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

/// The handler after the HTTP decoder: it answers what the decoder or Hummingbird would drop without a word
/// (a head that cannot be parsed: 400; two `Host` headers: 400; an upgrade that is not a GET of /ws with one
/// version-13 key: 400, 405 or 426 as RFC 6455 says), and tells the `HeadTimer` where the connection is. Once an
/// upgrade it let through is on its way, it and the timer leave the pipeline (the WebSocket has its own bounds).
final class RequestCheck: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    let shared: ConnectionPhase
    let timer: HeadTimer
    let metrics: Metrics
    /// True once the connection is refused: what else arrives is dropped.
    private var refused = false

    init(shared: ConnectionPhase, timer: HeadTimer, metrics: Metrics) {
        self.shared = shared
        self.timer = timer
        self.metrics = metrics
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let part = unwrapInboundIn(data)
        guard case .head(let head) = part else {
            switch part {
            case .body(let bytes): timer.bodyRead(bytes.readableBytes)
            case .end: timer.bodyEnded()
            case .head: break
            }
            context.fireChannelRead(data)
            return
        }
        timer.headArrived()
        shared.phase = .request
        shared.unanswered += 1
        if let (status, reason, extra) = Self.refusal(of: head) {
            refuse(context, status, reason, extra)
            return
        }
        if Self.hasBody(head) { timer.bodyBegan() }
        context.fireChannelRead(data)
        if Self.isUpgrade(head) {
            // The upgrade handler takes it from here; WebSocket frames must not pass through these handlers.
            shared.phase = .upgraded
            context.pipeline.syncOperations.removeHandler(timer, promise: nil)
            context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), shared.phase != .upgraded {
            shared.unanswered = max(0, shared.unanswered - 1)
            if shared.unanswered == 0 { timer.answered() }
        }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Refused here, or answered by the timer (a head cut short at its close is not answered twice).
        guard !refused, shared.phase != .upgraded else { return }
        // The decoder's errors (a bad method, a NUL in a header, two Content-Lengths, Content-Length with
        // Transfer-Encoding, a malformed line): answered when no other answer is under way, then closed.
        if error is HTTPParserError, shared.unanswered == 0 {
            refuse(context, .badRequest, "the request could not be read as HTTP/1.1 (\(error))")
        } else if error is HTTPParserError {
            refused = true
            context.close(promise: nil)
        } else {
            context.fireErrorCaught(error)
        }
    }

    private func refuse(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ reason: String,
        _ extra: [(String, String)] = []
    ) {
        refused = true
        metrics.refused(.badRequest)
        shared.phase = .upgraded  // the timer stops reading
        UpgradeRefusal(status: status, reason: reason, extra: extra).answer(from: context)
    }

    /// Whether a body follows the head (a `Content-Length` over 0, or `Transfer-Encoding`).
    static func hasBody(_ head: HTTPRequestHead) -> Bool {
        !head.headers["Transfer-Encoding"].isEmpty || head.headers["Content-Length"].contains { (Int($0) ?? 1) > 0 }
    }

    /// Whether the head asks for the WebSocket.
    static func isUpgrade(_ head: HTTPRequestHead) -> Bool {
        head.headers["Upgrade"].contains { $0.lowercased() == "websocket" }
    }

    /// Why a head is refused before anything else reads it: its status, its words and any header to add.
    static func refusal(of head: HTTPRequestHead) -> (HTTPResponseStatus, String, [(String, String)])? {
        let hosts = head.headers["Host"]
        if head.version.major == 1, head.version.minor >= 1, hosts.count != 1 {
            return (.badRequest, "a request has exactly one Host header (RFC 9112 §3.2; got \(hosts.count))", [])
        }
        if hosts.count > 1 {
            return (.badRequest, "a request has at most one Host header (got \(hosts.count))", [])
        }
        guard isUpgrade(head) else { return nil }
        if head.headers["Transfer-Encoding"].count > 0 || head.headers["Content-Length"].contains(where: { $0 != "0" })
        {
            return (.badRequest, "a WebSocket upgrade has no body", [])
        }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard path == "/ws" else {
            return (.notFound, "the WebSocket is at /ws", [])
        }
        guard head.method == .GET else {
            return (.methodNotAllowed, "a WebSocket is opened with GET (RFC 6455 §4.1)", [("Allow", "GET")])
        }
        let versions = head.headers["Sec-WebSocket-Version"]
        guard versions.count == 1, versions[0].trimmingCharacters(in: .whitespaces) == "13" else {
            return (
                .upgradeRequired, "the WebSocket version must be 13 (RFC 6455 §4.4)", [("Sec-WebSocket-Version", "13")]
            )
        }
        let keys = head.headers["Sec-WebSocket-Key"]
        guard keys.count == 1, isNonce(keys[0].trimmingCharacters(in: .whitespaces)) else {
            return (.badRequest, "the WebSocket needs one Sec-WebSocket-Key: 16 bytes in base64 (RFC 6455 §4.1)", [])
        }
        return nil
    }

    /// Whether `key` is 16 bytes in base64: 22 base64 characters and `==`.
    static func isNonce(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { b in
            (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 43 || b == 47
        }
    }
}
