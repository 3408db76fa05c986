import Glibc
import MailboxJSON
import MailboxThreads

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
        guard POSIXThread.start(.detached, { [self] in writeLoop() }) != nil else { return nil }
    }

    /// Queues `message`. A message with a `key` replaces one with the same key still waiting (diagnostics for a
    /// stale version). Waits while the queue is over its bound.
    func send(_ message: JSON, key: String? = nil) -> Outcome {
        let body = Array(message.text.utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        return state.withLock { locked in
            if locked.value.failed { return .gone }
            if let key, let index = locked.value.queue[locked.value.head...].firstIndex(where: { $0.key == key }) {
                locked.value.bytes += bytes.count - locked.value.queue[index].bytes.count
                locked.value.queue[index].bytes = bytes
            } else {
                if locked.value.pending == 0 && !locked.value.writing { locked.value.progress = monotonicSeconds() }
                locked.value.queue.append((key, bytes))
                locked.value.bytes += bytes.count
                locked.wakeAll()
            }
            return waitWhile(locked) { $0.bytes > maxQueuedBytes }
        }
    }

    /// Waits until everything queued is written (before exiting), or the client is gone or stalled.
    func flush() -> Outcome {
        state.withLock { locked in waitWhile(locked) { $0.pending > 0 || $0.writing } }
    }

    private func waitWhile(_ locked: Monitor<State>.Locked, _ condition: (State) -> Bool) -> Outcome {
        while condition(locked.value) && !locked.value.failed {
            if monotonicSeconds() - locked.value.progress > stallSeconds { return .stalled }
            locked.wait(seconds: 0.1)
        }
        return locked.value.failed ? .gone : .queued
    }

    /// The writer thread: takes the oldest message and writes it, noting each piece the client takes.
    private func writeLoop() {
        while true {
            let bytes: [UInt8] = state.withLock { locked in
                while locked.value.pending == 0 { locked.wait() }
                let bytes = locked.value.queue[locked.value.head].bytes
                locked.value.head += 1
                if locked.value.head > 64 && locked.value.head * 2 > locked.value.queue.count {
                    locked.value.queue.removeFirst(locked.value.head)
                    locked.value.head = 0
                }
                locked.value.writing = true
                return bytes
            }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    write(fd, $0.baseAddress! + offset, min(65536, $0.count - offset))
                }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else {
                    state.withLock { locked in
                        locked.value.failed = true
                        locked.wakeAll()
                    }
                    return
                }
                offset += written
                state.withLock { locked in
                    locked.value.bytes -= written
                    locked.value.progress = monotonicSeconds()
                    locked.wakeAll()
                }
            }
            state.withLock { locked in
                locked.value.writing = false
                locked.wakeAll()
            }
        }
    }
}
