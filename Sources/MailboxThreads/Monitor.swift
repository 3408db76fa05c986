import Glibc

/// A value guarded by a POSIX mutex, with a condition to wait on until another thread changes it (the language
/// server's queues, `mailsim test`'s workers). A POSIX mutex for the same reason as `Locked`: ThreadSanitizer sees it.
public final class Monitor<Value>: @unchecked Sendable {
    // @unchecked: `value` is read and written only with the mutex held (inside `withLock`).
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value

    public init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
        // Timed waits count on the monotonic clock, so a change of the wall clock neither cuts nor stretches them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        condition.deallocate()
    }

    /// Runs `body` with the mutex held; `body` reads and writes the value through `Locked.value` and may wait
    /// (`Locked.wait`) for another thread's change. (Not an `inout` value: the compiler may keep an `inout` in
    /// registers across the wait, and never see the other thread's change.)
    public func withLock<Result>(_ body: (Locked) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(Locked(monitor: self))
    }

    /// The monitor while its mutex is held.
    public struct Locked {
        fileprivate let monitor: Monitor

        /// The guarded value, read from and written to the monitor at each access.
        public var value: Value {
            get { monitor.value }
            nonmutating set { monitor.value = newValue }
            nonmutating _modify { yield &monitor.value }
        }

        /// Waits until woken (the mutex is released meanwhile). A wait may also end with no wake: callers wait
        /// in a loop on what they wait for.
        public func wait() {
            pthread_cond_wait(monitor.condition, monitor.mutex)
        }

        /// Waits until woken or until `deadline` passes (the mutex is released meanwhile); false when the
        /// deadline passed.
        @discardableResult
        public func wait(until deadline: MonotonicDeadline) -> Bool {
            var time = timespec(tv_sec: deadline.seconds, tv_nsec: deadline.nanoseconds)
            return pthread_cond_timedwait(monitor.condition, monitor.mutex, &time) != ETIMEDOUT
        }

        /// Waits until woken, or `seconds` at most when given (the mutex is released meanwhile).
        public func wait(seconds: Double?) {
            guard let seconds else { return wait() }
            wait(until: MonotonicDeadline(secondsFromNow: seconds))
        }

        /// Wakes every thread waiting on the monitor.
        public func wakeAll() { pthread_cond_broadcast(monitor.condition) }
    }
}

/// An instant on the monotonic clock (`CLOCK_MONOTONIC`), which no change of the wall clock moves.
public struct MonotonicDeadline: Sendable, Equatable {
    /// Whole seconds and the nanoseconds past them (below 1e9), as a `timespec` holds them.
    public let seconds: Int
    public let nanoseconds: Int

    /// The instant `seconds` from now.
    public init(secondsFromNow seconds: Double) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = Int(now.tv_nsec) + Int(seconds * 1e9)
        self.seconds = now.tv_sec + nanoseconds / 1_000_000_000
        self.nanoseconds = nanoseconds % 1_000_000_000
    }
}
