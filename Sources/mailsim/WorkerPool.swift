import Glibc

/// Runs numbered pieces of work on a few POSIX threads and hands the results back on the calling thread,
/// in number order, as soon as each is ready (so output streams in a stable order).
enum WorkerPool {
    /// The processors online (at least 1).
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Runs jobs `0..<count` and delivers their results in order while `deliver` answers true; once it answers
    /// false no new job starts, the results of jobs already running are dropped, and the call returns how
    /// many results were delivered (`count` when it never answered false).
    @discardableResult
    static func run<T: Sendable>(count: Int, threads: Int, work: @escaping @Sendable (Int) -> T,
                                 deliver: (Int, T) -> Bool) -> Int {
        let threads = min(threads, count)
        guard threads > 1 else {
            for index in 0..<count where !deliver(index, work(index)) { return index + 1 }
            return count
        }
        let board = Board<T>(count: count, work: work)
        let started = (0..<threads).compactMap { _ in WorkerThread.start { board.work() } }
        // With no thread started (out of resources), the calling thread does all the work.
        if started.isEmpty { board.work() }
        var delivered = count
        for index in 0..<count where !deliver(index, board.take(index)) {
            board.stop()
            delivered = index + 1
            break
        }
        for thread in started { pthread_join(thread, nil) }
        return delivered
    }
}

/// The shared state of one `WorkerPool.run`: the next job to take and the results not yet delivered.
private final class Board<T: Sendable>: @unchecked Sendable {
    private let job: @Sendable (Int) -> T
    private let count: Int
    private var next = 0
    private var results: [T?]
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init(count: Int, work: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.job = work
        results = Array(repeating: nil, count: count)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(ready, nil)
    }

    deinit {
        pthread_cond_destroy(ready)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        ready.deallocate()
    }

    /// Starts no more jobs.
    func stop() {
        pthread_mutex_lock(mutex)
        next = count
        pthread_mutex_unlock(mutex)
    }

    /// A worker's loop: takes the next job until none is left.
    func work() {
        while true {
            pthread_mutex_lock(mutex)
            let index = next
            if next < count { next += 1 }
            pthread_mutex_unlock(mutex)
            guard index < count else { return }
            let result = job(index)
            pthread_mutex_lock(mutex)
            results[index] = result
            pthread_cond_broadcast(ready)
            pthread_mutex_unlock(mutex)
        }
    }

    /// Waits for the result of job `index` and takes it.
    func take(_ index: Int) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while results[index] == nil { pthread_cond_wait(ready, mutex) }
        defer { results[index] = nil }
        return results[index]!
    }
}

/// A joinable POSIX thread running a closure (not generic: the compiler's sendability checker trips on a
/// generic `pthread_create` context).
private final class WorkerThread: Sendable {
    let body: @Sendable () -> Void

    private init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// Starts `body` on a new thread; nil when the system refuses one.
    static func start(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(WorkerThread(body)).toOpaque()
        let status = pthread_create(&thread, nil, { raw in
            Unmanaged<WorkerThread>.fromOpaque(raw!).takeRetainedValue().body()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<WorkerThread>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}
