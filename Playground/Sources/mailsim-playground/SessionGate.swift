import Synchronization

/// How many WebSocket sessions are open, bounded by PlaygroundLimits.sessions: the one value the sockets share.
final class SessionGate: Sendable {
    let limit: Int
    private let open = Atomic<Int>(0)
    private let opened = Atomic<Int>(0)

    init(limit: Int) { self.limit = limit }

    var count: Int { open.load(ordering: .relaxed) }

    /// Whether there is room now (the upgrade's check; `enter` makes sure).
    var hasRoom: Bool { count < limit }

    /// Takes a place, or nil when all are taken; the number is the session's, for the log.
    func enter() -> (id: Int, open: Int)? {
        var current = open.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = open.compareExchange(expected: current, desired: current + 1, ordering: .acquiringAndReleasing)
            if exchanged { return (opened.add(1, ordering: .relaxed).newValue, current + 1) }
            current = original
        }
        return nil
    }

    func leave() -> Int { open.subtract(1, ordering: .acquiringAndReleasing).newValue }
}
