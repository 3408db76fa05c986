import Foundation
import HummingbirdWebSocket
import MailboxPlayground
import MailsimVersion
import PlaygroundOptions
import Synchronization

/// What a socket's session needs from the server: where work runs, how it stops, how long it may idle.
struct SessionServices: Sendable {
    let start: PlaygroundStart
    let lanes: WorkLanes
    let stopping: Stopping
    /// A page that sends nothing for this long is closed with words it shows.
    let idleSeconds: Double
    /// Where sessions, messages, answer times and refusals are counted.
    let metrics: Metrics
    /// Where sessions opening and closing are written.
    let log: Log
    /// What the sessions' openings cost: the server's own work (its start script's screen), the same for every
    /// session, so it is judged on every opening's record, not as a fresh session's unknown first message; light
    /// while the openings together stay under the CPU budget (`WorkCost.isServerBounded`).
    let openings = WorkCost(serverBounded: true)
}

/// One WebSocket's session: its own `PlaygroundSession`, touched by nothing else. The work of a message (running
/// script lines, drawing the screen) runs on the work lanes (`WorkLanes`), one message at a time, so that a long
/// line does not hold up the event loops or the other sockets' messages.
///
/// The session is held in a `Mutex`, so that the compiler checks it is shared safely: `serve` awaits each message's
/// work before it reads the next, so the lock is never contended; a lane thread holds it while the work runs.
final class SocketSession: Sendable {
    private let session: Mutex<PlaygroundSession>
    let cost = WorkCost()
    private let services: SessionServices

    init(_ services: SessionServices) {
        self.services = services
        var session = PlaygroundSession(start: services.start)
        session.exportGenerator = "mailsim \(MailsimVersion.number)"
        self.session = Mutex(session)
    }

    /// Runs `body` on the session on a work lane, with an `isCancelled` that becomes true
    /// PlaygroundLimits.workSeconds after the work *starts* (not while it waits its turn) or when the server stops.
    func perform(
        opening: Bool = false, lightKind: Bool = false,
        _ body: @escaping @Sendable (inout PlaygroundSession, @escaping @Sendable () -> Bool) -> [String]
    ) async throws -> [String] {
        let stopping = services.stopping
        return try await services.lanes.run(opening ? services.openings : cost, lightKind: lightKind) {
            let deadline = ContinuousClock.now + .seconds(PlaygroundLimits.workSeconds)
            let isCancelled: @Sendable () -> Bool = { stopping.isStopping || ContinuousClock.now >= deadline }
            return self.session.withLock { session in body(&session, isCancelled) }
        }
    }

    static let tooMany = #"{"type":"error","message":"too many messages; slow down"}"#
    static let binary = #"{"type":"error","message":"binary frames are not read: send each message as JSON text"}"#

    /// The socket's life: `opening()`, then each text message answered with `receive`'s texts; when it ends
    /// (closed by the page, the page gone, a frame too big, idle too long, the server stopping), a drag still
    /// under way is ended with `pointerLost()`.
    ///
    /// `frameErrors` holds the protocol error NIO's decoder raised, if it closed the socket for one (a frame over
    /// the bound): the session counts it and says so when it ends.
    static func serve(
        _ services: SessionServices, ticket: SessionGate.Ticket, client: Client, origin: String,
        frameErrors: FrameErrors, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    ) async throws {
        let id = ticket.id
        let metrics = services.metrics
        let from = client.viaProxy ? "\(client.address) via \(client.peer)" : client.address
        var fields: [(String, Log.Field)] = [
            ("session", .number(id)), ("client", .text(client.address)), ("origin", .text(origin))
        ]
        if client.viaProxy { fields.append(("proxy", .text(client.peer))) }
        services.log.event(
            "session_open", "session \(id) opened (\(origin) from \(from); \(ticket.open) open)",
            fields + [("open", .number(ticket.open))])
        var ending = "closed"
        defer {
            let open = ticket.release() ?? ticket.open
            services.log.event(
                "session_close", "session \(id) \(ending) (\(open) open)",
                fields + [("ending", .text(ending)), ("open", .number(open))])
        }
        guard services.stopping.remember(id, outbound) else {
            ending = "refused: the server is stopping"
            metrics.refused(.stopping)
            try await outbound.close(.goingAway, reason: "the server is stopping")
            return
        }
        defer { services.stopping.forget(id) }
        metrics.sessionsOpened.increment()
        let socket = SocketSession(services)
        let idle = IdleWatch(seconds: services.idleSeconds, outbound: outbound)
        defer { idle.stop() }
        do {
            for text in try await socket.perform(opening: true, { session, _ in session.opening() }) {
                try await outbound.write(.text(text))
            }
            var bucket = TokenBucket(perSecond: PlaygroundLimits.messagesPerSecond)
            var messages = MessageReader(inbound, maxBytes: PlaygroundLimits.messageBytes)
            while let message = try await messages.next() {
                let received = ContinuousClock.now
                metrics.messages.increment()
                idle.touch()
                if !bucket.take() {
                    metrics.refused(.rate)
                    try await outbound.write(.text(tooMany))
                } else if case .text(let text) = message {
                    // A fresh session's first message is judged by its kind (WorkCost), read only then.
                    let lightKind = socket.cost.isUnknown && WorkCost.isLightKind(text)
                    let answers = try await socket.perform(lightKind: lightKind) { session, isCancelled in
                        session.receive(text, isCancelled: isCancelled)
                    }
                    for answer in answers { try await outbound.write(.text(answer)) }
                } else {
                    metrics.refused(.binary)
                    try await outbound.write(.text(binary))
                }
                let elapsed = (ContinuousClock.now - received).components
                metrics.answered(
                    nanoseconds: Int(elapsed.seconds) * 1_000_000_000 + Int(elapsed.attoseconds / 1_000_000_000))
            }
            if idle.closed {
                ending = "closed after \(formatSeconds(services.idleSeconds)) idle"
                metrics.refused(.idle)
            } else if let error = frameErrors.error {
                // NIO's decoder refused a frame and closed the socket (WebSocketProtocolErrorHandler, 1009 for a
                // frame over the bound): the stream ended without the error.
                ending = "ended: \(error)"
                if case .invalidFrameLength = error { metrics.refused(.tooBig) }
            }
        } catch let refusal as InboundRefusal {
            // A message the page may not send: closed here with its code (the error, thrown on, would be 1011).
            ending = "ended: \(refusal)"
            if case .tooBig = refusal { metrics.refused(.tooBig) }
            try? await outbound.close(refusal.closeCode, reason: nil)
        } catch {
            ending = "ended: \(error)"
            _ = try? await socket.perform { session, _ in session.pointerLost() }
            throw error
        }
        _ = try? await socket.perform { session, _ in session.pointerLost() }
    }
}

/// Closes a session's socket once its page has sent nothing for `seconds` (1000, with the reason the page's
/// banner shows).
final class IdleWatch: Sendable {
    private final class Marks: Sendable {
        let last = Atomic<Int64>(IdleWatch.now())
        let closed = Atomic<Bool>(false)
    }

    private let marks: Marks
    private let task: Task<Void, Never>

    init(seconds: Double, outbound: WebSocketOutboundWriter) {
        let marks = Marks()
        self.marks = marks
        task = Task {
            let limit = Int64(seconds * 1000)
            while !Task.isCancelled {
                let quiet = IdleWatch.now() - marks.last.load(ordering: .relaxed)
                if quiet >= limit {
                    marks.closed.store(true, ordering: .relaxed)
                    try? await outbound.close(
                        .normalClosure,
                        reason: "closed after \(formatSeconds(seconds)) without use; reconnect to go on")
                    return
                }
                try? await Task.sleep(for: .milliseconds(min(limit - quiet, 15_000) + 10))
            }
        }
    }

    var closed: Bool { marks.closed.load(ordering: .relaxed) }

    func touch() { marks.last.store(IdleWatch.now(), ordering: .relaxed) }

    func stop() { task.cancel() }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}

/// `90 s`, `30 minutes`: a duration as the log and the page say it.
func formatSeconds(_ seconds: Double) -> String {
    if seconds >= 120, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) minutes" }
    return seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}
