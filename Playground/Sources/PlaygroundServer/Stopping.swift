import Dispatch
import Foundation
import HummingbirdWebSocket
import Synchronization
import UnixSignals

/// How the server stops on SIGTERM or Ctrl-C, whatever its clients do.
///
/// Hummingbird's graceful shutdown stops accepting and waits for every connection to end, which a frozen tab
/// (a WebSocket that neither reads nor answers) never does. On the first signal this stops the work under way
/// (every `isCancelled` answers true), asks every page to close (1001, "the server is stopping"), and from then on
/// `GET /healthz` answers 503 and an upgrade 503 "the server is stopping", so that a balancer drains the server and
/// a page that reconnects at once is sent elsewhere. The listener stays open `drainSeconds` for that, then the
/// graceful shutdown runs; if the process is still up `seconds` after the signal it exits there, status 0. A
/// second signal exits at once.
final class Stopping: Sendable {
    /// The most time from the signal to the process's end.
    static let seconds = 3.0
    /// How long the server still answers (503) after the signal before it stops listening.
    static let drainSeconds = 1.0
    /// What starts the graceful shutdown (set once the service group exists).
    private let shutdown = Mutex<(@Sendable () async -> Void)?>(nil)

    private let stopping = Atomic<Bool>(false)
    private let sockets = Mutex<[Int: WebSocketOutboundWriter]>([:])
    /// Where the stop is written.
    private let log: Log

    init(log: Log) { self.log = log }

    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// Watches SIGTERM and SIGINT, with ServiceLifecycle's signal sequence (ServiceLifecycle's service group watches
    /// none: the graceful shutdown starts after the drain).
    func watchSignals() async {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        Task { [self] in
            for await _ in signals { begin() }
        }
    }

    /// The socket of session `id`, asked to close when the server stops; `forget` when it ends.
    func remember(_ id: Int, _ outbound: WebSocketOutboundWriter) -> Bool {
        sockets.withLock { $0[id] = outbound }
        return !isStopping
    }

    func forget(_ id: Int) { _ = sockets.withLock { $0.removeValue(forKey: id) } }

    /// What starts the graceful shutdown once the drain is over.
    func onDrained(_ action: @escaping @Sendable () async -> Void) { shutdown.withLock { $0 = action } }

    private func begin() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else {
            log.event("stopped", "stopped at a second signal")
            _exit(0)
        }
        let open = sockets.withLock { $0 }
        log.event(
            "stopping", "stopping (\(open.count) session\(open.count == 1 ? "" : "s") open)",
            [("sessions", .number(open.count))])
        for (_, outbound) in open {
            Task { try? await outbound.close(.goingAway, reason: "the server is stopping") }
        }
        let shutdown = self.shutdown.withLock { $0 }
        let log = self.log
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.drainSeconds) {
            Task { await shutdown?() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds) {
            log.event(
                "stopped", "stopped: \(formatSeconds(Self.seconds)) after the signal, with connections still open")
            _exit(0)
        }
    }
}
