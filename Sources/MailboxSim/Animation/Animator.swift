/// The set of running animations, at most one per property; completion data is handed back, never run here.
public struct Animator<Key: Hashable & Sendable, Completion: Sendable>: Sendable {
    public typealias Running = Animation<Key, Completion>

    /// Running animations in creation order, so in increasing serial.
    public private(set) var running: [Running] = []
    private var nextSerial = 0
    /// Each key's serial, kept while many animations run (a scan beats hashing for a handful; with
    /// hundreds, a query is a lookup and a binary search instead of a scan).
    private var serials: [Key: Int]?

    /// Above this many running animations, keys are looked up in `serials`; below `indexDrop`, scanned.
    private static var indexAbove: Int { 16 }
    private static var indexDrop: Int { 8 }

    public init() {}

    public var isEmpty: Bool { running.isEmpty }

    /// Starts an animation, replacing (and dropping the completion of) any other on the same key.
    @discardableResult
    public mutating func start(_ key: Key, from: AnimatableValue, to: AnimatableValue, at start: Ticks,
                               duration: Ticks, curve: TimingCurve, completion: Completion? = nil) -> Running {
        remove(key)
        let animation = Running(serial: nextSerial, key: key, from: from, to: to, start: start,
                                duration: curve.duration(requested: duration), curve: curve, completion: completion)
        nextSerial += 1
        running.append(animation)
        if serials != nil {
            serials![key] = animation.serial
        } else if running.count > Self.indexAbove {
            reindex()
        }
        return animation
    }

    /// The key of every running animation, in creation order (read in place, without copying animations).
    public func forEachKey(_ body: (Key) -> Void) {
        for index in running.indices { body(running[index].key) }
    }

    public func animation(for key: Key) -> Running? {
        position(of: key).map { running[$0] }
    }

    /// The presentation value of `key` at `now`, or nil when nothing animates it.
    public func value(for key: Key, at now: Ticks) -> AnimatableValue? {
        position(of: key).map { running[$0].value(at: now) }
    }

    /// Whether an animation of `key` runs (without copying it out).
    public func isAnimating(_ key: Key) -> Bool {
        position(of: key) != nil
    }

    /// Stops the animation of `key` where it is; returns it so the caller can log it.
    @discardableResult
    public mutating func remove(_ key: Key) -> Running? {
        guard let index = position(of: key) else { return nil }
        serials?[key] = nil
        let removed = running.remove(at: index)
        if running.count < Self.indexDrop { serials = nil }
        return removed
    }

    /// Removes every animation matching `predicate` (for a reset of part of the screen).
    public mutating func removeAll(where predicate: (Running) -> Bool) {
        running.removeAll(where: predicate)
        if serials != nil { reindex() }
    }

    /// The earliest instant at which a running animation completes.
    public var nextEnd: Ticks? {
        var earliest: Ticks?
        for index in running.indices where earliest == nil || running[index].end < earliest! {
            earliest = running[index].end
        }
        return earliest
    }

    /// Removes and returns, in end then creation order, every animation that has completed by `now`.
    public mutating func takeCompleted(by now: Ticks) -> [Running] {
        guard running.indices.contains(where: { running[$0].end <= now }) else { return [] }
        var done: [Running] = []
        running.removeAll { animation in
            if animation.end <= now { done.append(animation); return true }
            return false
        }
        if serials != nil {
            for animation in done { serials![animation.key] = nil }
            if running.count < Self.indexDrop { serials = nil }
        }
        return done.sorted { ($0.end, $0.serial) < ($1.end, $1.serial) }
    }

    /// Where `key`'s animation sits in `running`, if one runs.
    private func position(of key: Key) -> Int? {
        guard let serials else { return running.firstIndex { $0.key == key } }
        guard let serial = serials[key] else { return nil }
        // `running` is in increasing serial: a binary search.
        var low = 0, high = running.count
        while low < high {
            let middle = (low + high) / 2
            if running[middle].serial < serial { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func reindex() {
        guard running.count >= Self.indexDrop else { serials = nil; return }
        var serials: [Key: Int] = [:]
        serials.reserveCapacity(running.count)
        for animation in running { serials[animation.key] = animation.serial }
        self.serials = serials
    }
}
