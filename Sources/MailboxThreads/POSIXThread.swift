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
    public static func start(_ mode: Mode, _ body: @escaping @Sendable () -> Void) -> POSIXThread? {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            }, context)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        if mode == .detached { pthread_detach(thread) }
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
