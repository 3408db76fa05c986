import Foundation
import MailboxPlayground
import NIOPosix
import Synchronization

/// Where exports run (`POST /walkthrough`, `/walkthrough.gif`): one thread of their own at a lower scheduling
/// priority (nice 5: on a busy core a page's work gets three times its share), so that four GIFs cannot hold up a
/// page's pointer.
///
/// One export runs at a time; the others wait their turn in a queue shared per client address:
/// an address has at most `perAddress` exports in the lane (running or waiting; the next is refused 429), and the
/// turn goes to the waiting export whose address was served longest ago, so one address re-sending long exports
/// holds one turn at a time while others wait, never every place. A waiting export waits at most `waitSeconds`
/// (one export's bound and 5 s: an export next in line always gets its turn), and at most `waitingAtMost` wait (a
/// full queue refuses an address's second waiting export to make room for an address with none); past either, 503
/// with words and a `Retry-After`, as HAProxy answers when its queue times out.
final class ExportLane: Sendable {
    private let thread = NIOThreadPool(numberOfThreads: 1)
    /// Exports one client address may have in the lane at once (running or waiting).
    static let perAddress = 2
    /// Exports waiting at once, from everyone.
    static let waitingAtMost = 16
    /// One export's bound (`--export-seconds`), counted from when it starts running.
    let seconds: Double
    /// How long an export waits for its turn.
    var waitSeconds: Double { seconds + 5 }

    /// An export waiting its turn: its number, its client and how it is told.
    private struct Waiter {
        let id: Int
        let key: String
        let turn: CheckedContinuation<Outcome, Never>
    }

    /// What a waiting export is told: its turn came, or why it will not run.
    private enum Outcome {
        case turn
        case refused(Refusal)
    }

    /// The lane's state: whether an export runs, those waiting, and each address's share.
    private struct Queue {
        var running = false
        var waiting: [Waiter] = []
        var inLane: [String: Int] = [:]
        /// When each waiting address last had its turn (a count of turns), for the round robin.
        var lastTurn: [String: Int] = [:]
        var turns = 0
        var next = 0
        var closed = false
    }

    private let queue = Mutex(Queue())

    init(seconds: Double) {
        self.seconds = seconds
        thread.start()
        // Linux keeps a nice value per thread: `who` 0 is the calling thread, here the lane's own.
        thread.submit { _ in _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5) }
    }

    /// Why an export did not run.
    enum Refusal: Error {
        /// Its address has `perAddress` exports in the lane already.
        case address
        /// The queue is full, or the export waited `waitSeconds` for its turn.
        case busy
    }

    /// Runs `work` on the lane's thread in its turn (for client `key`), or says why it did not. The memory the export
    /// freed is given back to the system after it (glibc keeps it otherwise).
    func run<T: Sendable>(for key: String, _ work: @escaping @Sendable () -> T) async throws -> Result<T, Refusal> {
        if case .refused(let refusal) = await turn(key) { return .failure(refusal) }
        defer { finished(key) }
        return .success(
            try await thread.runIfActive {
                let result = work()
                GiveBack.freedMemory()
                return result
            })
    }

    /// Waits for `key`'s export's turn: at once when the lane is free; else in the queue, until the turn comes or
    /// `waitSeconds` pass. A full queue makes room for an address with nothing in the lane by refusing the newest
    /// waiting export of an address that holds two (one address holds at most one place while others wait).
    private func turn(_ key: String) async -> Outcome {
        let wait = waitSeconds
        return await withCheckedContinuation { continuation in
            let (answer, evicted, id): (Outcome?, Waiter?, Int) = queue.withLock { queue in
                if queue.closed { return (.refused(.busy), nil, 0) }
                if queue.inLane[key, default: 0] >= Self.perAddress { return (.refused(.address), nil, 0) }
                if !queue.running && queue.waiting.isEmpty {
                    queue.running = true
                    queue.inLane[key, default: 0] += 1
                    return (.turn, nil, 0)
                }
                var evicted: Waiter?
                if queue.waiting.count >= Self.waitingAtMost {
                    guard queue.inLane[key] == nil,
                        let index = queue.waiting.lastIndex(where: { queue.inLane[$0.key, default: 0] >= 2 })
                    else { return (.refused(.busy), nil, 0) }
                    evicted = queue.waiting.remove(at: index)
                    Self.leave(evicted!.key, &queue)
                }
                queue.next += 1
                queue.inLane[key, default: 0] += 1
                queue.waiting.append(Waiter(id: queue.next, key: key, turn: continuation))
                if queue.lastTurn[key] == nil { queue.lastTurn[key] = -1 }
                return (nil, evicted, queue.next)
            }
            evicted?.turn.resume(returning: .refused(.busy))
            if let answer {
                continuation.resume(returning: answer)
                return
            }
            Task { [self] in
                try? await Task.sleep(for: .seconds(wait))
                expire(id)
            }
        }
    }

    /// Waiter `id` waited its bound: it leaves the queue, refused.
    private func expire(_ id: Int) {
        let expired: Waiter? = queue.withLock { queue in
            guard let index = queue.waiting.firstIndex(where: { $0.id == id }) else { return nil }
            let waiter = queue.waiting.remove(at: index)
            Self.leave(waiter.key, &queue)
            return waiter
        }
        expired?.turn.resume(returning: .refused(.busy))
    }

    /// An export of `key` ended: the turn goes to the waiting export whose address had its turn longest ago.
    private func finished(_ key: String) {
        let next: Waiter? = queue.withLock { queue in
            Self.leave(key, &queue)
            queue.turns += 1
            if queue.inLane[key] != nil { queue.lastTurn[key] = queue.turns }
            guard !queue.waiting.isEmpty, !queue.closed else {
                queue.running = false
                return nil
            }
            var best = 0
            for (index, waiter) in queue.waiting.enumerated()
            where queue.lastTurn[waiter.key, default: -1] < queue.lastTurn[queue.waiting[best].key, default: -1] {
                best = index
            }
            return queue.waiting.remove(at: best)
        }
        next?.turn.resume(returning: .turn)
    }

    /// One export of `key` leaves the lane; an address with none left is forgotten.
    private static func leave(_ key: String, _ queue: inout Queue) {
        let left = queue.inLane[key, default: 1] - 1
        queue.inLane[key] = left > 0 ? left : nil
        if left <= 0 { queue.lastTurn[key] = nil }
    }

    func shutdown() async {
        let waiting = queue.withLock { queue in
            queue.closed = true
            defer { queue.waiting.removeAll() }
            return queue.waiting
        }
        for waiter in waiting { waiter.turn.resume(returning: .refused(.busy)) }
        try? await thread.shutdownGracefully()
    }
}

/// glibc's `malloc_trim`, looked up at run time (malloc.h is not in Swift's Glibc module): it gives the freed
/// memory at the top of the heap and in free pages back to the system.
enum GiveBack {
    private typealias Trim = @convention(c) (Int) -> Int32
    private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim").map {
        unsafeBitCast($0, to: Trim.self)
    }

    static func freedMemory() { _ = trim?(0) }
}
