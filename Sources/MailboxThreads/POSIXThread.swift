import Glibc

/// A POSIX thread running a Swift closure: detached (it ends on its own) or joinable (waited for with `join`).
/// Not named `Thread`, so that it never clashes with Foundation's in a file that imports both.
public struct POSIXThread: Sendable {
    /// How the thread started: whether anyone waits for it to end.
    public enum Mode: Sendable {
        /// Nobody waits: the system frees the thread when it ends (the language server's reader and writer).
        case detached
        /// `join` waits for it to end, once (`mailsim test`'s workers).
        case joinable
    }

    private let handle: pthread_t

    /// Starts `body` on a new thread; nil when the system refuses one (out of threads or memory).
    /// `stackBytes`: the thread's stack (nil: the system's default). `blockingSignals`: every signal blocked on the
    /// thread, so that a signal sent to the process (Ctrl-C) is taken by a thread that waits for it, never this one.
    public static func start(
        _ mode: Mode, stackBytes: Int? = nil, blockingSignals: Bool = false, _ body: @escaping @Sendable () -> Void
    ) -> POSIXThread? {
        // A new thread starts with its creator's signal mask: block every signal around the creation.
        var all = sigset_t()
        var previous = sigset_t()
        if blockingSignals {
            sigfillset(&all)
            pthread_sigmask(SIG_SETMASK, &all, &previous)
        }
        defer { if blockingSignals { pthread_sigmask(SIG_SETMASK, &previous, nil) } }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if mode == .detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
        if let stackBytes { pthread_attr_setstacksize(&attributes, stackBytes) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let status = pthread_create(
            &thread, &attributes,
            { raw in
                Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return POSIXThread(handle: thread)
    }

    /// Waits for a joinable thread to end. Call it once, and never for a detached thread (POSIX leaves both
    /// undefined).
    public func join() {
        pthread_join(handle, nil)
    }
}

/// The closure a new thread runs, passed through `pthread_create`'s context pointer (not generic: the compiler's
/// sendability checker trips on a generic `pthread_create` context).
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void

    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
