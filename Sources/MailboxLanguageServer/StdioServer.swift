import Glibc
import MailboxJSON
import MailboxText
import MailboxThreads
import Synchronization

/// `mailsim lsp`: the server on standard input and output. A reader thread cuts the input into messages
/// (`Content-Length` framing, bounded), parses them and queues them (`Inbox`, bounded: past its bound the reader
/// waits); it also notes, as they arrive, the changes that cancel a running script and the `$/cancelRequest`s.
/// The main thread answers the queue in order and, when it is empty, runs the scripts whose text changed and
/// publishes their diagnostics. A writer thread sends what it answers (`Outbox`, bounded).
public enum StdioServer {
    /// The longest header block read, and the largest body.
    public static let maxHeaderBytes = 8 * 1024
    public static let maxBodyBytes = 64 * 1024 * 1024

    /// Serves until `exit` or the end of input; returns the exit status (0 after `shutdown` then `exit`).
    public static func serve(input: Int32 = 0, output: Int32 = 1) -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let inbox = Inbox()
        guard let outbox = Outbox(fd: output), POSIXThread.start(.detached, { read(input, inbox) }) != nil else {
            writeError(errorLine("cannot start the language server's reader and writer threads"))
            return 1
        }
        var server = Server()
        let status: Int32
        switch loop(&server, inbox, outbox) {
        case .exit(let code): status = code
        // The client went away without `exit` (or after `shutdown` without `exit`): a clean exit.
        case .endOfInput: status = server.exitStatus ?? (server.hasShutDown ? 0 : 1)
        case .outputLost: return 1
        }
        if outbox.flush() == .stalled { giveUp(outbox) }
        return status
    }

    /// How the loop ended.
    enum Ending {
        case exit(Int32)
        case endOfInput
        /// The output is closed, or the client stopped reading (said on standard error).
        case outputLost
    }

    /// Answers messages until `exit`, the end of input, or the loss of the output.
    static func loop(_ server: inout Server, _ inbox: Inbox, _ outbox: Outbox) -> Ending {
        func send(_ message: JSON) -> Bool {
            // Diagnostics waiting to be written are replaced by newer ones for the same document.
            let key =
                message["method"]?.stringValue == "textDocument/publishDiagnostics"
                ? message["params"]?["uri"]?.stringValue : nil
            switch outbox.send(message, key: key) {
            case .queued: return true
            case .gone: return false
            case .stalled:
                giveUp(outbox)
                return false
            }
        }
        while true {
            switch inbox.pop() {
            case .end:
                return .endOfInput
            case .send(let message):
                guard send(message) else { return .outputLost }
            case .message(let message, _):
                if let id = message["id"], message["method"] != nil, inbox.takeCancelled(id) {
                    guard send(Server.error(id: id, .requestCancelled, "cancelled")) else { return .outputLost }
                    continue
                }
                for answer in server.handle(message) {
                    guard send(answer) else { return .outputLost }
                }
                if let status = server.exitStatus { return .exit(status) }
            }
            // Nothing waiting: run what changed (a message arriving meanwhile cancels the run), each document in
            // turn, until none is left: a run that paused a window past its change (and published that) runs the
            // rest on the next pass.
            var pending = server.pendingURIs
            while inbox.isEmpty, !pending.isEmpty {
                for uri in pending {
                    guard inbox.isEmpty else { break }
                    let generation = inbox.generation.load(ordering: .acquiring)
                    let answers = server.runAndPublish(uri) { inbox.generation.load(ordering: .relaxed) != generation }
                    for answer in answers {
                        guard send(answer) else { return .outputLost }
                    }
                }
                pending = server.pendingURIs
            }
        }
    }

    /// Says on standard error why the server leaves a client that does not read.
    static func giveUp(_ outbox: Outbox) {
        writeError(
            errorLine(
                "the editor read none of mailsim lsp's answers for \(Int(outbox.stallSeconds)) s with over "
                    + "\(outbox.maxQueuedBytes / (1024 * 1024)) MiB of them waiting; the server exits"))
    }

    /// The reader thread's loop.
    static func read(_ fd: Int32, _ inbox: Inbox) {
        var framing = Framing()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for item in framing.feed(chunk[0..<count]) {
                if case .message(let message, _) = item { inbox.note(message) }
                inbox.push(item)
            }
        }
        // The client went away: the running script is cancelled, so that the server ends at once.
        inbox.generation.add(1, ordering: .releasing)
        inbox.push(.end)
    }

    static func writeError(_ text: String) {
        let line = Array((text + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}

/// What the reader hands the main thread.
enum Incoming: Sendable {
    /// A message, with the size of its body.
    case message(JSON, size: Int)
    /// An answer the reader decided on its own (a parse error, a message too large).
    case send(JSON)
    case end

    /// What the message counts for against the inbox's bound.
    var size: Int {
        if case .message(_, let size) = self { return size }
        return 256
    }
}

/// The queue between the reader and the main thread (bounded: at most `maxMessages` messages and `maxBytes` of
/// bodies, one larger message alone; the reader waits past that), the change counter that cancels a running
/// script, and the ids of requests the client cancelled (the newest `maxMessages`).
final class Inbox: Sendable {
    static let maxMessages = 1024
    static let maxBytes = 16 * 1024 * 1024

    /// Counts the changes seen by the reader: a run started at one value is cancelled when it moves.
    let generation = Atomic<Int>(0)
    private struct State {
        var queue: [Incoming] = []
        var head = 0
        var bytes = 0
        /// The ids of cancelled requests, oldest first: at most `maxMessages` (a request still queued is among
        /// the newest; older ids are let go).
        var cancelled: [String] = []
        var count: Int { queue.count - head }
    }
    private let state = Monitor(State())

    /// What the reader sees as a message arrives: a change cancels the running script; `$/cancelRequest` marks
    /// its id.
    func note(_ message: JSON) {
        switch message["method"]?.stringValue {
        case "textDocument/didChange"?, "textDocument/didOpen"?, "textDocument/didClose"?, "exit"?, "shutdown"?:
            generation.add(1, ordering: .releasing)
        case "$/cancelRequest"?:
            if let id = message["params"]?["id"] {
                state.withLock { locked in
                    guard !locked.value.cancelled.contains(id.text) else { return }
                    locked.value.cancelled.append(id.text)
                    if locked.value.cancelled.count > Inbox.maxMessages { locked.value.cancelled.removeFirst() }
                }
            }
        default:
            break
        }
    }

    /// Queues `item`, first waiting while the queue is full (the end of input is never held).
    func push(_ item: Incoming) {
        state.withLock { locked in
            if case .end = item {
            } else {
                while locked.value.count > 0
                    && (locked.value.count >= Inbox.maxMessages || locked.value.bytes + item.size > Inbox.maxBytes)
                {
                    locked.wait()
                }
            }
            locked.value.queue.append(item)
            locked.value.bytes += item.size
            locked.wakeAll()
        }
    }

    /// The next item, waiting for one.
    func pop() -> Incoming {
        state.withLock { locked in
            while locked.value.count == 0 { locked.wait() }
            let item = locked.value.queue[locked.value.head]
            locked.value.head += 1
            locked.value.bytes -= item.size
            if locked.value.head > 1024 && locked.value.head * 2 > locked.value.queue.count {
                locked.value.queue.removeFirst(locked.value.head)
                locked.value.head = 0
            }
            locked.wakeAll()
            return item
        }
    }

    var isEmpty: Bool { state.withLock { locked in locked.value.count == 0 } }

    /// How many cancelled ids are held (tests).
    var cancelledCount: Int { state.withLock { locked in locked.value.cancelled.count } }

    /// True (once) when the client cancelled request `id`.
    func takeCancelled(_ id: JSON) -> Bool {
        state.withLock { locked in
            guard let index = locked.value.cancelled.firstIndex(of: id.text) else { return false }
            locked.value.cancelled.remove(at: index)
            return true
        }
    }
}
