import Glibc
import MailboxThreads
import Synchronization

/// Ctrl-C at the prompt. The SIGINT handler only sets a flag and writes a byte to a pipe (both
/// async-signal-safe); the REPL reads the flag to tell Ctrl-C from Ctrl-D when libedit returns no line, and
/// a running command's wait wakes on the pipe. Ctrl-C never ends the program.
enum Interrupt {
    /// Set by the handler; taken (and cleared) by whoever acts on it.
    static let flag = Atomic<Bool>(false)
    /// Written by the handler and by a finished command; read by `Interrupt.wait`.
    nonisolated(unsafe) private static var wakeRead: Int32 = -1
    nonisolated(unsafe) private static var wakeWrite: Int32 = -1

    /// Installs the handler. Without SA_RESTART, so a blocking read returns EINTR.
    static func install() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            wakeRead = fds[0]
            wakeWrite = fds[1]
        }
        flag.store(false, ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            Interrupt.flag.store(true, ordering: .relaxed)
            Interrupt.wake()
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
    }

    /// The end of the pipe the handler writes to, for a `poll` that must also wake on Ctrl-C (-1 before
    /// `install`). Drained by `take()`'s callers through `drainWakes()`.
    static var wakeDescriptor: Int32 { wakeRead }

    /// Empties the wake pipe (after a `poll` on `wakeDescriptor` woke).
    static func drainWakes() { drain() }

    /// Whether Ctrl-C was pressed since the flag was last taken (it stays set).
    static var isPending: Bool { flag.load(ordering: .relaxed) }

    /// True once if Ctrl-C was pressed since the last call.
    static func take() -> Bool { flag.exchange(false, ordering: .relaxed) }

    /// Wakes a waiting `run` or a read at the prompt: from a signal handler or a finished worker.
    static func wake() {
        var byte: UInt8 = 1
        if wakeWrite >= 0 { _ = write(wakeWrite, &byte, 1) }
    }

    private static func drain() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while wakeRead >= 0, buffer.withUnsafeMutableBytes({ read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// Runs `work` on a thread of its own and waits for it, or for Ctrl-C (one pressed since the flag was last
    /// taken counts, so a Ctrl-C right after Enter is not lost): then it returns nil at once and
    /// the work's result is dropped when it finishes (it works on its own copy of what it needs, so dropping
    /// it changes nothing). Signals are blocked on that thread, so Ctrl-C always reaches the main thread.
    static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) -> T? {
        guard wakeRead >= 0 else { return work() }
        drain()
        let job = Job(work)
        guard job.start() else { return work() }
        while true {
            if let result = job.result.withLock({ $0 }) { return result }
            if take() { return nil }
            var poller = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
            _ = poll(&poller, 1, -1)
            drain()
        }
    }

    /// One piece of work on a detached thread.
    private final class Job<T: Sendable>: Sendable {
        let work: @Sendable () -> T
        let result = Locked<T?>(nil)

        init(_ work: @escaping @Sendable () -> T) { self.work = work }

        func start() -> Bool {
            // Every signal blocked (Ctrl-C reaches the main thread); 16 MiB of stack, as the main thread has, for
            // the deep work a line may do.
            POSIXThread.start(.detached, stackBytes: 16 << 20, blockingSignals: true) { [self] in
                let value = work()
                result.withLock { $0 = value }
                Interrupt.wake()
            } != nil
        }
    }
}
