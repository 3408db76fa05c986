import Foundation
import MailboxPlayground
import NIOPosix
import Synchronization

/// Where exports run (`POST /walkthrough`, `/walkthrough.gif`): one thread of their own at a lower scheduling
/// priority (nice 5: on a busy core a page's work gets three times its share), so that four GIFs cannot hold up a
/// page's pointer (issue 32, items 3 and 4), and at most `PlaygroundLimits.exportsAtOnce` of them admitted at once
/// (one running, the others waiting their turn); one more is refused at once, with words and a `Retry-After`.
final class ExportLane: Sendable {
    private let thread = NIOThreadPool(numberOfThreads: 1)
    private let admitted = Atomic<Int>(0)
    let limit: Int

    init(limit: Int = PlaygroundLimits.exportsAtOnce) {
        self.limit = limit
        thread.start()
        // Linux keeps a nice value per thread: `who` 0 is the calling thread, here the lane's own.
        thread.submit { _ in _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5) }
    }

    /// Runs `work` on the lane's thread, or answers nil at once when `limit` exports are admitted already. The
    /// memory the export freed is given back to the system after it (glibc keeps it otherwise).
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws -> T? {
        guard admit() else { return nil }
        defer { admitted.subtract(1, ordering: .acquiringAndReleasing) }
        return try await thread.runIfActive {
            let result = work()
            GiveBack.freedMemory()
            return result
        }
    }

    private func admit() -> Bool {
        var current = admitted.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = admitted.compareExchange(
                expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    func shutdown() async { try? await thread.shutdownGracefully() }
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
