import Glibc
import MailboxThreads

/// Runs numbered pieces of work on a few POSIX threads and hands the results back on the calling thread,
/// in number order, as soon as each is ready (so output streams in a stable order).
enum WorkerPool {
    /// The processors online (at least 1).
    static var processorCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// Runs jobs `0..<count` and delivers their results in order while `deliver` answers true; once it answers
    /// false no new job starts, the results of jobs already running are dropped, and the call returns how
    /// many results were delivered (`count` when it never answered false).
    @discardableResult
    static func run<T: Sendable>(
        count: Int, threads: Int, work: @escaping @Sendable (Int) -> T,
        deliver: (Int, T) -> Bool
    ) -> Int {
        let threads = min(threads, count)
        guard threads > 1 else {
            for index in 0..<count where !deliver(index, work(index)) { return index + 1 }
            return count
        }
        let board = Board<T>(count: count, work: work)
        let started = (0..<threads).compactMap { _ in POSIXThread.start(.joinable) { board.work() } }
        // With no thread started (out of resources), the calling thread does all the work.
        if started.isEmpty { board.work() }
        var delivered = count
        for index in 0..<count where !deliver(index, board.take(index)) {
            board.stop()
            delivered = index + 1
            break
        }
        for thread in started { thread.join() }
        return delivered
    }
}

/// The shared state of one `WorkerPool.run`: the next job to take and the results not yet delivered.
private final class Board<T: Sendable>: Sendable {
    private struct State {
        var next = 0
        var results: [T?]
    }

    private let job: @Sendable (Int) -> T
    private let count: Int
    private let state: Monitor<State>

    init(count: Int, work: @escaping @Sendable (Int) -> T) {
        self.count = count
        self.job = work
        state = Monitor(State(results: Array(repeating: nil, count: count)))
    }

    /// Starts no more jobs.
    func stop() {
        state.withLock { locked in locked.value.next = count }
    }

    /// A worker's loop: takes the next job until none is left.
    func work() {
        while true {
            let index = state.withLock { locked in
                let index = locked.value.next
                if index < count { locked.value.next += 1 }
                return index
            }
            guard index < count else { return }
            let result = job(index)
            state.withLock { locked in
                locked.value.results[index] = result
                locked.wakeAll()
            }
        }
    }

    /// Waits for the result of job `index` and takes it.
    func take(_ index: Int) -> T {
        state.withLock { locked in
            while locked.value.results[index] == nil { locked.wait() }
            defer { locked.value.results[index] = nil }
            return locked.value.results[index]!
        }
    }
}
