import Dispatch
import Foundation
import HummingbirdWebSocket
import Synchronization

/// How the server stops on SIGTERM or Ctrl-C, whatever its clients do (issue 32, item 6).
///
/// Hummingbird's graceful shutdown stops accepting and waits for every connection to end, which a frozen tab
/// (a WebSocket that neither reads nor answers) never does. On the first signal this stops the work under way
/// (every `isCancelled` answers true), asks every page to close (1001, "the server is stopping"), and lets the
/// graceful shutdown run; if the process is still up `seconds` later it exits there, status 0. A second signal
/// exits at once.
final class Stopping: Sendable {
    /// The most time from the signal to the process's end.
    static let seconds = 3.0

    private let stopping = Atomic<Bool>(false)
    private let sockets = Mutex<[Int: WebSocketOutboundWriter]>([:])
    // Written once, by `watchSignals` before the server starts; kept so that the sources live as long as this.
    nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// Watches SIGTERM and SIGINT (beside ServiceLifecycle's own watch, which starts the graceful shutdown).
    func watchSignals() {
        let queue = DispatchQueue(label: "mailsim-playground.stopping")
        var watching: [any DispatchSourceSignal] = []
        for signal in [SIGTERM, SIGINT] {
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [self] in begin() }
            source.resume()
            watching.append(source)
        }
        sources = watching
    }

    /// The socket of session `id`, asked to close when the server stops; `forget` when it ends.
    func remember(_ id: Int, _ outbound: WebSocketOutboundWriter) -> Bool {
        sockets.withLock { $0[id] = outbound }
        return !isStopping
    }

    func forget(_ id: Int) { _ = sockets.withLock { $0.removeValue(forKey: id) } }

    private func begin() {
        guard !stopping.exchange(true, ordering: .acquiringAndReleasing) else {
            Log.line("stopped at a second signal")
            _exit(0)
        }
        let open = sockets.withLock { $0 }
        Log.line("stopping (\(open.count) session\(open.count == 1 ? "" : "s") open)")
        for (_, outbound) in open {
            Task { try? await outbound.close(.goingAway, reason: "the server is stopping") }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.seconds) {
            Log.line("stopped: \(Self.seconds) s after the signal, with connections still open")
            _exit(0)
        }
    }
}
