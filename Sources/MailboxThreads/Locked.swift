import Glibc

/// A value behind a POSIX mutex, for state threads share (`mailsim test`'s workers, the language server's reader
/// and main thread). ThreadSanitizer intercepts
/// `pthread_mutex_*` and so sees the order the lock gives; `Synchronization.Mutex` locks with a futex inside the
/// standard library, which it cannot see, and two threads' accesses under that lock read to it as a race.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock.
    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
