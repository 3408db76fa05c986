import Synchronization

/// The WebSocket sessions' places: at most `limit` open, at most `perAddress` from one client address. A place
/// is taken by the upgrade check, before the 101 is sent (an upgrade that races the last place gets 503, never 101
/// and then a close), and given back when the session ends or its connection closes, whichever is first.
final class SessionGate: Sendable {
    let limit: Int
    let perAddress: Int

    private struct Places {
        var open = 0
        var opened = 0
        var byAddress: [String: Int] = [:]
    }

    private let places = Mutex(Places())

    init(limit: Int, perAddress: Int) {
        self.limit = limit
        self.perAddress = perAddress
    }

    var count: Int { places.withLock { $0.open } }

    /// Why no place was given.
    enum Refusal: Error, Equatable {
        case full
        case address(String)
    }

    /// Takes a place for a session from `address`.
    func enter(from address: String) -> Result<Ticket, Refusal> {
        places.withLock { places in
            guard places.open < limit else { return .failure(.full) }
            guard places.byAddress[address, default: 0] < perAddress else { return .failure(.address(address)) }
            places.open += 1
            places.opened += 1
            places.byAddress[address, default: 0] += 1
            return .success(Ticket(gate: self, address: address, id: places.opened))
        }
    }

    /// Why a session from `address` would be refused now, or nil when a place is free (the full page; the upgrade
    /// takes its place with `enter`).
    func refusal(for address: String) -> Refusal? {
        places.withLock { places in
            if places.open >= limit { return .full }
            if places.byAddress[address, default: 0] >= perAddress { return .address(address) }
            return nil
        }
    }

    /// The sessions open after giving back one from `address`.
    fileprivate func leave(from address: String) -> Int {
        places.withLock { places in
            places.open -= 1
            let left = places.byAddress[address, default: 1] - 1
            places.byAddress[address] = left > 0 ? left : nil
            return places.open
        }
    }

    /// One session's place; `release` gives it back once, however often it is called.
    final class Ticket: Sendable {
        let gate: SessionGate
        let address: String
        /// The session's number, for the log.
        let id: Int
        private let held = Atomic<Bool>(true)

        fileprivate init(gate: SessionGate, address: String, id: Int) {
            self.gate = gate
            self.address = address
            self.id = id
        }

        var open: Int { gate.count }

        /// Gives the place back; the sessions then open, or nil when it was given back already.
        @discardableResult
        func release() -> Int? {
            guard held.exchange(false, ordering: .acquiringAndReleasing) else { return nil }
            return gate.leave(from: address)
        }
    }
}
