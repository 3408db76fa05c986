import Glibc
import MailboxText
import Synchronization

/// `mailsim lsp`: the server on standard input and output. A reader thread cuts the input into messages
/// (`Content-Length` framing, bounded), parses them and queues them; it also notes, as they arrive, the changes
/// that cancel a running script and the `$/cancelRequest`s. The main thread answers the queue in order and, when
/// it is empty, runs the scripts whose text changed and publishes their diagnostics.
public enum StdioServer {
    /// The longest header block read, and the largest body.
    public static let maxHeaderBytes = 8 * 1024
    public static let maxBodyBytes = 64 * 1024 * 1024

    /// Serves until `exit` or the end of input; returns the exit status (0 after `shutdown` then `exit`).
    public static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let shared = Shared()
        guard ReaderThread.start({ read(input, shared) }) else {
            writeError(errorLine("cannot start the language server's reader thread"))
            return 1
        }
        var server = Server()
        let writer = Writer(fd: output)
        while true {
            switch shared.pop() {
            case .end:
                // The client went away without `exit` (or after `shutdown` without `exit`): a clean exit.
                return server.exitStatus ?? (server.hasShutDown ? 0 : 1)
            case .send(let message):
                guard writer.send(message) else { return 1 }
            case .message(let message):
                if let id = message["id"], message["method"] != nil, shared.takeCancelled(id) {
                    guard writer.send(Server.error(id: id, .requestCancelled, "cancelled")) else { return 1 }
                    continue
                }
                for answer in server.handle(message) {
                    guard writer.send(answer) else { return 1 }
                }
                if let status = server.exitStatus { return status }
            }
            // Nothing waiting: run what changed (a change arriving meanwhile cancels the run).
            guard shared.isEmpty else { continue }
            for uri in server.pendingURIs {
                guard shared.isEmpty else { break }
                let generation = shared.generation.load(ordering: .acquiring)
                let answers = server.runAndPublish(uri) { shared.generation.load(ordering: .relaxed) != generation }
                for answer in answers {
                    guard writer.send(answer) else { return 1 }
                }
            }
        }
    }

    /// The reader thread's loop.
    static func read(_ fd: Int32, _ shared: Shared) {
        var framing = Framing()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for item in framing.feed(chunk[0..<count]) {
                if case .message(let message) = item { shared.note(message) }
                shared.push(item)
                if case .end = item { return }
            }
        }
        // The client went away: the running script is cancelled, so that the server ends at once.
        shared.generation.add(1, ordering: .releasing)
        shared.push(.end)
    }

    static func writeError(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// What the reader hands the main thread.
enum Incoming: Sendable {
    case message(JSON)
    /// An answer the reader decided on its own (a parse error, a message too large).
    case send(JSON)
    case end
}

/// The queue between the reader and the main thread, the change counter that cancels a running script, and
/// the ids of requests the client cancelled.
final class Shared: Sendable {
    /// Counts the changes seen by the reader: a run started at one value is cancelled when it moves.
    let generation = Atomic<Int>(0)
    private let state = Locked<(queue: [Incoming], head: Int, cancelled: Set<String>)>(([], 0, []))
    private let signal = Semaphore()

    /// What the reader sees as a message arrives: a change cancels the running script; `$/cancelRequest` marks
    /// its id.
    func note(_ message: JSON) {
        switch message["method"]?.stringValue {
        case "textDocument/didChange"?, "textDocument/didOpen"?, "textDocument/didClose"?, "exit"?, "shutdown"?:
            generation.add(1, ordering: .releasing)
        case "$/cancelRequest"?:
            if let id = message["params"]?["id"] {
                state.withLock { _ = $0.cancelled.insert(id.text) }
            }
        default:
            break
        }
    }

    func push(_ item: Incoming) {
        state.withLock { $0.queue.append(item) }
        signal.post()
    }

    /// The next item, waiting for one.
    func pop() -> Incoming {
        signal.wait()
        return state.withLock { state in
            let item = state.queue[state.head]
            state.head += 1
            if state.head > 1024 && state.head * 2 > state.queue.count {
                state.queue.removeFirst(state.head)
                state.head = 0
            }
            return item
        }
    }

    var isEmpty: Bool { state.withLock { $0.head == $0.queue.count } }

    /// True (once) when the client cancelled request `id`.
    func takeCancelled(_ id: JSON) -> Bool {
        state.withLock { $0.cancelled.remove(id.text) != nil }
    }
}

/// A counting semaphore on a POSIX mutex and condition.
final class Semaphore: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var count = 0

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    func post() {
        pthread_mutex_lock(mutex)
        count += 1
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    func wait() {
        pthread_mutex_lock(mutex)
        while count == 0 { pthread_cond_wait(condition, mutex) }
        count -= 1
        pthread_mutex_unlock(mutex)
    }
}

/// Writes framed messages to a file descriptor.
struct Writer {
    let fd: Int32

    /// False when the output is gone.
    func send(_ message: JSON) -> Bool {
        let body = Array(message.text.utf8)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// A detached POSIX thread running a closure.
private final class ReaderThread: Sendable {
    let body: @Sendable () -> Void

    private init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(ReaderThread(body)).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<ReaderThread>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<ReaderThread>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
