import NIOCore
import PlaygroundOptions
import Synchronization

/// Every connection the server holds, bounded twice: `ConnectionLimits.perAddress` from one client address (past it
/// a new one is answered 503 and closed at once, so that one client cannot take every descriptor), and `total` from
/// everyone, below the open-file limit (`Descriptors.connectionBound`).
///
/// At the total bound a new connection is not refused while others only wait: the oldest connections that ask
/// nothing (silent since they opened, or idle between requests) are closed to make room, then the slowest ones (a
/// request head or body under way for the longest), as nginx closes its idle connections when it runs out. A
/// connection whose request is being answered, and a WebSocket, are never shed: when every connection is one of
/// those, the new one is answered 503.
///
/// A trusted proxy's connections carry many clients, so they are not counted per address: all trusted proxies'
/// connections together are bounded by `proxyLimit` instead (one a session place, `--max-sessions`, and
/// `ConnectionLimits.perAddress` more for the page's requests and exports). The proxy bounds each client's own
/// connections (nginx's `limit_conn`; docs/playground.md, "Behind a proxy").
final class ConnectionTable: Sendable {
    /// One connection: what it is counted under, where it is in its requests, and its channel (to shed it).
    private struct Entry {
        let key: String
        let phase: ConnectionPhase
        let channel: any Channel
    }

    /// The connections, by number, and how many each key has.
    private struct State {
        var byKey: [String: Int] = [:]
        var entries: [Int: Entry] = [:]
        var next = 0
    }

    private let state = Mutex(State())
    let forwarding: Forwarding
    let proxyLimit: Int
    /// Connections at once from everyone.
    let total: Int
    /// Where the refusals of the connections' guards are counted.
    let metrics: Metrics
    /// The connections shed at once when the table is full (nginx closes up to 32 of its idle ones).
    static let shedBatch = 16

    /// The key the trusted proxies' connections are counted under.
    static let proxies = "the trusted proxies"

    init(forwarding: Forwarding, maxSessions: Int, total: Int, metrics: Metrics) {
        self.forwarding = forwarding
        self.metrics = metrics
        self.total = total
        proxyLimit = maxSessions + ConnectionLimits.perAddress
    }

    /// What a connection from `peer` is counted under, and that key's bound.
    func bound(for peer: String) -> (String, Int) {
        let address = IPAddress.canonical(peer) ?? peer
        return forwarding.isTrusted(address)
            ? (Self.proxies, proxyLimit) : (forwarding.keys.key(address), ConnectionLimits.perAddress)
    }

    /// Why a connection was not let in.
    enum Refusal: Error {
        /// `key` has its bound.
        case address
        /// The table is full of connections that cannot be shed.
        case full
    }

    /// Counts one more connection under `key` (shedding others when the table is full): its number, for `close`.
    func open(from key: String, limit: Int, phase: ConnectionPhase, channel: any Channel) -> Result<Int, Refusal> {
        let (result, shed): (Result<Int, Refusal>, [any Channel]) = state.withLock { state in
            guard state.byKey[key, default: 0] < limit else { return (.failure(.address), []) }
            var shed: [any Channel] = []
            if state.entries.count >= total {
                let now = IdleWatch.now()
                let victims = state.entries.compactMap { id, entry in
                    entry.phase.sheddable.map { (tier: $0, age: now - entry.phase.since, id: id) }
                }
                .sorted { ($0.tier, -$0.age) < ($1.tier, -$1.age) }
                .prefix(Self.shedBatch)
                guard !victims.isEmpty else { return (.failure(.full), []) }
                for victim in victims {
                    if let entry = state.entries.removeValue(forKey: victim.id) {
                        Self.uncount(entry.key, in: &state)
                        shed.append(entry.channel)
                    }
                }
            }
            state.next += 1
            state.entries[state.next] = Entry(key: key, phase: phase, channel: channel)
            state.byKey[key, default: 0] += 1
            return (.success(state.next), shed)
        }
        for channel in shed { channel.close(promise: nil) }
        if !shed.isEmpty { metrics.shed.increment(by: Int64(shed.count)) }
        return result
    }

    /// The connection numbered `id` closed (nothing when it was shed: its place was given then).
    func close(_ id: Int) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: id) { Self.uncount(entry.key, in: &state) }
        }
    }

    /// Connections open now.
    var count: Int { state.withLock { $0.entries.count } }

    private static func uncount(_ key: String, in state: inout State) {
        let left = state.byKey[key, default: 1] - 1
        state.byKey[key] = left > 0 ? left : nil
    }
}
