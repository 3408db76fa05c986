import Glibc

/// A value guarded by a POSIX mutex, with a condition to wait on until it changes (the server's queues).
final class Monitor<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Read and written only with the mutex held (inside `withLock`).
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
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
    func withLock<Result>(_ body: (Locked) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(Locked(monitor: self))
    }

    /// The monitor while its mutex is held.
    struct Locked {
        fileprivate let monitor: Monitor

        /// The guarded value, read from and written to the monitor at each access.
        var value: Value {
            get { monitor.value }
            nonmutating set { monitor.value = newValue }
            nonmutating _modify { yield &monitor.value }
        }

        /// Waits until woken, or `seconds` at most when given (the mutex is released meanwhile).
        func wait(seconds: Double? = nil) {
            guard let seconds else {
                pthread_cond_wait(monitor.condition, monitor.mutex)
                return
            }
            var deadline = timespec()
            clock_gettime(CLOCK_MONOTONIC, &deadline)
            let nanoseconds = Int(deadline.tv_nsec) + Int(seconds * 1e9)
            deadline.tv_sec += nanoseconds / 1_000_000_000
            deadline.tv_nsec = nanoseconds % 1_000_000_000
            pthread_cond_timedwait(monitor.condition, monitor.mutex, &deadline)
        }

        /// Wakes every thread waiting on the monitor.
        func wakeAll() { pthread_cond_broadcast(monitor.condition) }
    }
}
