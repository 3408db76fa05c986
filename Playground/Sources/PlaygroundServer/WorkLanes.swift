import Foundation
import MailboxPlayground
import NIOCore
import NIOPosix
import Synchronization

/// Where the work of the sockets' messages runs, so that every page stays answered.
///
/// A FIFO pool let 60 sockets of 25 ms lines put a second between a well-behaved page's pointer move and its
/// screen. Here each job waits in one queue and a free thread takes the *cheapest* waiting one: the job of the
/// session whose recent messages cost least (shortest job first). Threads of two kinds take jobs:
///
/// - the general lane (as many threads as cores, at least two, at nice 3) takes any job, cheapest first;
/// - the light lane (one thread) takes only jobs of light sessions: sessions whose messages have cost under
///   `WorkCost.lightSeconds` each lately and that used under `WorkCost.budgetSeconds` of CPU in the last second
///   (a pointer's moves, a tick, a short line). However busy the general lane, a light page's message waits at
///   most for another light one.
///
/// Exports (a GIF, a player) run in a lane of their own (`ExportLane`), never here.
final class WorkLanes: Sendable {
    private let general: NIOThreadPool
    private let light: NIOThreadPool
    private let waiting = Mutex<Queue>(Queue())

    private struct Queue {
        var jobs: [Job] = []
        var next = 0
    }

    private struct Job {
        let order: Int
        let cost: Double
        let isLight: Bool
        let run: @Sendable (_ cancelled: Bool) -> Void
    }

    /// `threads` general threads (0: as many as the machine has cores, at least two).
    init(threads: Int = 0) {
        general = NIOThreadPool(numberOfThreads: threads > 0 ? threads : max(2, System.coreCount))
        light = NIOThreadPool(numberOfThreads: 1)
        general.start()
        light.start()
    }

    /// Runs `work` on a lane, its CPU time added to `cost`; throws `CancellationError` when the lanes are
    /// shutting down before it ran. `lightKind`: whether the message is of a kind that cannot run long on a session
    /// whose cost is still unknown (`WorkCost.isLightKind`).
    func run<T: Sendable>(_ cost: WorkCost, lightKind: Bool = false, _ work: @escaping @Sendable () -> T)
        async throws -> T
    {
        try await withCheckedThrowingContinuation { continuation in
            let (expected, isLight) = cost.estimate(lightKind: lightKind)
            waiting.withLock { queue in
                queue.jobs.append(
                    Job(order: queue.next, cost: expected, isLight: isLight) { cancelled in
                        if cancelled {
                            continuation.resume(throwing: CancellationError())
                            return
                        }
                        let start = ThreadCPU.seconds()
                        let result = work()
                        cost.add(ThreadCPU.seconds() - start)
                        continuation.resume(returning: result)
                    })
                queue.next += 1
            }
            // One turn on the general lane for every job, so every job runs; a light one may be taken sooner.
            general.submit { [self] state in takeOne(lightOnly: false, active: state == .active) }
            if isLight { light.submit { [self] state in takeOne(lightOnly: true, active: state == .active) } }
        }
    }

    /// The general lane's threads run at nice 3, the light lane's at the server's own: on a core that is busy the
    /// light lane gets twice a general thread's share, so that a pointer's move is answered while heavy lines run.
    /// (A thread may raise its own nice value, never lower it back: so each general thread stays at 3.)
    static let generalNice: Int32 = 3

    /// Takes the cheapest waiting job (a light one when `lightOnly`) and runs it, if there is one.
    private func takeOne(lightOnly: Bool, active: Bool) {
        // Linux keeps a nice value per thread: `who` 0 is the calling thread.
        if !lightOnly { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.generalNice) }
        let job: Job? = waiting.withLock { queue in
            var best: Int?
            for (i, job) in queue.jobs.enumerated() where !lightOnly || job.isLight {
                if let b = best, (queue.jobs[b].cost, queue.jobs[b].order) <= (job.cost, job.order) { continue }
                best = i
            }
            return best.map { queue.jobs.remove(at: $0) }
        }
        job?.run(!active)
    }

    /// Stops the threads once their jobs are done (jobs not begun are cancelled).
    func shutdown() async {
        try? await light.shutdownGracefully()
        try? await general.shutdownGracefully()
    }
}

/// What one session's messages cost lately: the thread CPU time of each, as a moving average (what its next
/// message is expected to cost) and as a decaying sum (the CPU it used in about the last second).
///
/// A session none of whose messages has been measured yet is of unknown cost: its message waits
/// as a job of `lightSeconds` would (behind every light job, ahead of the heavy ones), and it is light only when the
/// message is of a kind that cannot run long on a fresh session (a pointer, a tick, a key: `isLightKind`), never a
/// line, a `load` or a `history`: a fresh socket's first message may be a restore `load` that runs to the 2 s
/// bound, and the light lane must not wait for it. Its first measured message sets its average.
final class WorkCost: Sendable {
    /// A session whose messages cost under this each (in CPU seconds) is light: the light lane serves it.
    static let lightSeconds = 0.005
    /// A session that used more than this much CPU in about the last second is not light, however cheap each.
    static let budgetSeconds = 0.25
    /// How fast the sum forgets: it halves every second.
    static let halfLife = 1.0

    private struct Figures {
        var average = 0.0
        var recent = 0.0
        var at = ContinuousClock.now
        var measured = 0
    }

    private let figures = Mutex(Figures())
    /// Whether the work is the server's own and bounded by it, whatever a client sends (a session's opening: the
    /// start script's screen). Such work is light while all of it together used under `budgetSeconds` of CPU in
    /// about the last second, however long each piece takes in the build at hand: a new page then opens beside
    /// heavy work, and a flood of reconnecting sockets soon loses that place and waits its turn on the general lane.
    let isServerBounded: Bool

    init(serverBounded: Bool = false) {
        isServerBounded = serverBounded
    }

    /// The expected cost of the next message, and whether the session is light now (`lightKind`: for a session of
    /// unknown cost, whether the message is of a light kind).
    func estimate(lightKind: Bool) -> (Double, Bool) {
        figures.withLock { f in
            guard f.measured > 0 else { return (Self.lightSeconds, lightKind || isServerBounded) }
            let recent = f.recent * Self.decay(since: f.at)
            let cheap = isServerBounded || f.average < Self.lightSeconds
            return (f.average, cheap && recent < Self.budgetSeconds)
        }
    }

    /// Whether no message of the session has been measured yet.
    var isUnknown: Bool { figures.withLock { $0.measured == 0 } }

    /// Whether `text` is a message whose work is bounded on a fresh session: anything but a line, a `load` and a
    /// `history` (which run script lines, to the 2 s bound), read as the session reads it; what does not decode is
    /// answered with an error, which is light too.
    static func isLightKind(_ text: String) -> Bool {
        switch ClientMessage.decode(text) {
        case .success(.line), .success(.load), .success(.history): return false
        default: return true
        }
    }

    /// Counts one message's CPU seconds.
    func add(_ seconds: Double) {
        figures.withLock { f in
            let now = ContinuousClock.now
            f.recent = f.recent * Self.decay(since: f.at, now: now) + seconds
            f.at = now
            f.average = f.measured == 0 ? seconds : f.average * 0.7 + seconds * 0.3
            f.measured += 1
        }
    }

    private static func decay(since: ContinuousClock.Instant, now: ContinuousClock.Instant = .now) -> Double {
        let elapsed = now - since
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return pow(0.5, seconds / halfLife)
    }
}

/// The CPU time of the calling thread.
enum ThreadCPU {
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
