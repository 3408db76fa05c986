import HummingbirdWebSocket
import MailboxPlayground
import NIOPosix

/// One WebSocket's session: its own `PlaygroundSession`, touched by nothing else. The work of a message (running
/// script lines, drawing the screen) runs on NIO's blocking thread pool, one message at a time, so that a long
/// line does not hold up the event loops or the other sockets' messages.
final class SocketSession: @unchecked Sendable {
    // @unchecked: `session` is used by one message's work at a time, each awaited before the next begins.
    private var session: PlaygroundSession

    init(start: PlaygroundStart) {
        session = PlaygroundSession(start: start)
    }

    /// Runs `body` on the session on the thread pool, with an `isCancelled` that becomes true after
    /// PlaygroundLimits.workSeconds of wall time.
    func perform(_ body: @escaping @Sendable (inout PlaygroundSession, @escaping @Sendable () -> Bool) -> [String]) async throws -> [String] {
        let deadline = ContinuousClock.now + .seconds(PlaygroundLimits.workSeconds)
        let isCancelled: @Sendable () -> Bool = { ContinuousClock.now >= deadline }
        return try await NIOThreadPool.singleton.runIfActive { body(&self.session, isCancelled) }
    }

    static let tooMany = #"{"type":"error","message":"too many messages; slow down"}"#
    static let binary = #"{"type":"error","message":"binary frames are not read: send each message as JSON text"}"#

    /// The socket's life: `opening()`, then each text message answered with `receive`'s texts; when it ends
    /// (closed by the page, the page gone, a frame too big), a drag still under way is ended with `pointerLost()`.
    static func serve(start: PlaygroundStart, gate: SessionGate, origin: String,
                      inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        guard let (id, open) = gate.enter() else {
            try await outbound.close(.unknown(1013), reason: "\(gate.limit) playground sessions are open; close one")
            return
        }
        Log.line("session \(id) opened (\(origin); \(open) open)")
        let socket = SocketSession(start: start)
        var ending = "closed"
        defer { Log.line("session \(id) \(ending) (\(gate.leave()) open)") }
        do {
            for text in try await socket.perform({ session, _ in session.opening() }) {
                try await outbound.write(.text(text))
            }
            var bucket = TokenBucket(perSecond: PlaygroundLimits.messagesPerSecond)
            for try await message in inbound.messages(maxSize: PlaygroundLimits.messageBytes) {
                guard bucket.take() else {
                    try await outbound.write(.text(tooMany))
                    continue
                }
                switch message {
                case .binary:
                    try await outbound.write(.text(binary))
                case .text(let text):
                    let answers = try await socket.perform { session, isCancelled in session.receive(text, isCancelled: isCancelled) }
                    for answer in answers { try await outbound.write(.text(answer)) }
                }
            }
        } catch {
            ending = "ended: \(error)"
            _ = try? await socket.perform { session, _ in session.pointerLost() }
            throw error
        }
        _ = try? await socket.perform { session, _ in session.pointerLost() }
    }
}
