import Glibc
import MailboxThreads
import Testing

/// The house's one thread helper and one lock: a thread starts with the options asked for, `join` waits for it,
/// and the lock keeps four threads' increments whole.
@Suite struct MailboxThreadsTests {
    /// What a thread saw of itself: whether SIGINT was blocked on it.
    struct Seen: Sendable {
        var sigintBlocked = false
    }

    func run(stackBytes: Int? = nil, blockingSignals: Bool = false) throws -> Seen {
        let seen = Locked(Seen())
        let thread = try #require(
            POSIXThread.start(.joinable, stackBytes: stackBytes, blockingSignals: blockingSignals) {
                var mask = sigset_t()
                pthread_sigmask(SIG_SETMASK, nil, &mask)
                let blocked = sigismember(&mask, SIGINT) == 1
                seen.withLock { $0 = Seen(sigintBlocked: blocked) }
            })
        thread.join()
        return seen.withLock { $0 }
    }

    @Test func aThreadBlockingSignalsNeverTakesCtrlC() throws {
        // The test runner's threads may block signals already: the threads are started from one that blocks none.
        let seen = Locked((blocking: false, plain: true, creatorAfter: true))
        let creator = try #require(
            POSIXThread.start(.joinable) {
                var none = sigset_t()
                sigemptyset(&none)
                pthread_sigmask(SIG_SETMASK, &none, nil)
                let blocking = (try? run(blockingSignals: true).sigintBlocked) ?? false
                let plain = (try? run().sigintBlocked) ?? true
                var mask = sigset_t()
                pthread_sigmask(SIG_SETMASK, nil, &mask)
                seen.withLock { $0 = (blocking, plain, sigismember(&mask, SIGINT) == 1) }
            })
        creator.join()
        let (blocking, plain, creatorAfter) = seen.withLock { $0 }
        #expect(blocking)
        #expect(!plain)
        // The creator's own mask is as it was.
        #expect(!creatorAfter)
    }

    @Test func aThreadIsGivenTheStackAskedFor() throws {
        // The size is asked of the system: 16 MiB is given, a stack larger than the address space is refused.
        _ = try run(stackBytes: 16 << 20)
        #expect(POSIXThread.start(.joinable, stackBytes: 1 << 62, {}) == nil)
    }

    @Test func theLockKeepsFourThreadsIncrementsWhole() throws {
        let count = Locked(0)
        var threads: [POSIXThread] = []
        for _ in 0..<4 {
            threads.append(
                try #require(
                    POSIXThread.start(.joinable) {
                        for _ in 0..<10_000 { count.withLock { $0 += 1 } }
                    }))
        }
        for thread in threads { thread.join() }
        #expect(count.withLock { $0 } == 40_000)
    }
}
