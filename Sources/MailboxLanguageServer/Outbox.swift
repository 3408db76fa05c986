import Glibc
import MailboxText

/// The server's output: framed messages queued by the main thread and written by a writer thread, so that a
/// client that reads slowly never holds the server. The queue is bounded: diagnostics waiting for a document
/// are replaced by newer ones, and past `maxQueuedBytes` the main thread waits for the client to read; a client
/// that reads nothing for `stallSeconds` meanwhile is given up.
final class Outbox: Sendable {
    /// The most bytes queued before the main thread waits for the client.
    static let maxQueuedBytes = 4 * 1024 * 1024
    /// How long a full queue may go without a byte read before the client is given up.
    static let stallSeconds = 10.0

    /// What became of a message handed to `send`.
    enum Outcome: Equatable {
        case queued
        /// The output is closed (the client went away).
        case gone
        /// The queue stayed over its bound with nothing read for `stallSeconds`.
        case stalled
    }

    private struct State {
        var queue: [(key: String?, bytes: [UInt8])] = []
        var head = 0
        /// Bytes queued or being written, not yet taken by the client.
        var bytes = 0
        /// The writer holds a message it is writing.
        var writing = false
        var failed = false
        /// When the client last took bytes (or the queue last started from empty).
        var progress = monotonicSeconds()
        var pending: Int { queue.count - head }
    }

    private let state = Monitor(State())
    private let fd: Int32
    let maxQueuedBytes: Int
    let stallSeconds: Double

    /// Starts the writer thread on `fd`; nil when the thread cannot be started.
    init?(fd: Int32, maxQueuedBytes: Int = Outbox.maxQueuedBytes, stallSeconds: Double = Outbox.stallSeconds) {
        self.fd = fd
        self.maxQueuedBytes = maxQueuedBytes
        self.stallSeconds = stallSeconds
        guard DetachedThread.start({ [self] in writeLoop() }) else { return nil }
    }

    /// Queues `message`. A message with a `key` replaces one with the same key still waiting (diagnostics for a
    /// stale version). Waits while the queue is over its bound.
    func send(_ message: JSON, key: String? = nil) -> Outcome {
        let body = Array(message.text.utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        return state.withLock { state, waiter in
            if state.failed { return .gone }
            if let key, let index = state.queue[state.head...].firstIndex(where: { $0.key == key }) {
                state.bytes += bytes.count - state.queue[index].bytes.count
                state.queue[index].bytes = bytes
            } else {
                if state.pending == 0 && !state.writing { state.progress = monotonicSeconds() }
                state.queue.append((key, bytes))
                state.bytes += bytes.count
                waiter.wakeAll()
            }
            return waitWhile(&state, waiter) { $0.bytes > maxQueuedBytes }
        }
    }

    /// Waits until everything queued is written (before exiting), or the client is gone or stalled.
    func flush() -> Outcome {
        state.withLock { state, waiter in waitWhile(&state, waiter) { $0.pending > 0 || $0.writing } }
    }

    private func waitWhile(_ state: inout State, _ waiter: Monitor<State>.Waiter, _ condition: (State) -> Bool) -> Outcome {
        while condition(state) && !state.failed {
            if monotonicSeconds() - state.progress > stallSeconds { return .stalled }
            waiter.wait(seconds: 0.1)
        }
        return state.failed ? .gone : .queued
    }

    /// The writer thread: takes the oldest message and writes it, noting each piece the client takes.
    private func writeLoop() {
        while true {
            let bytes: [UInt8] = state.withLock { state, waiter in
                while state.pending == 0 { waiter.wait() }
                let bytes = state.queue[state.head].bytes
                state.head += 1
                if state.head > 64 && state.head * 2 > state.queue.count {
                    state.queue.removeFirst(state.head)
                    state.head = 0
                }
                state.writing = true
                return bytes
            }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, min(65536, $0.count - offset)) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    state.withLock { state, waiter in
                        state.failed = true
                        waiter.wakeAll()
                    }
                    return
                }
                offset += written
                state.withLock { state, waiter in
                    state.bytes -= written
                    state.progress = monotonicSeconds()
                    waiter.wakeAll()
                }
            }
            state.withLock { state, waiter in
                state.writing = false
                waiter.wakeAll()
            }
        }
    }
}
