/// The set of running animations, at most one per property; completion data is handed back, never run here.
public struct Animator<Key: Hashable & Sendable, Completion: Sendable>: Sendable {
    public typealias Running = Animation<Key, Completion>

    /// Running animations in creation order (a handful at a time, so a scan beats hashing).
    public private(set) var running: [Running] = []
    private var nextSerial = 0

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
        return animation
    }

    public func animation(for key: Key) -> Running? {
        running.first { $0.key == key }
    }

    /// The presentation value of `key` at `now`, or nil when nothing animates it.
    public func value(for key: Key, at now: Ticks) -> AnimatableValue? {
        animation(for: key)?.value(at: now)
    }

    /// Stops the animation of `key` where it is; returns it so the caller can log it.
    @discardableResult
    public mutating func remove(_ key: Key) -> Running? {
        guard let index = running.firstIndex(where: { $0.key == key }) else { return nil }
        return running.remove(at: index)
    }

    /// Removes every animation matching `predicate` (for a reset of part of the screen).
    public mutating func removeAll(where predicate: (Running) -> Bool) {
        running.removeAll(where: predicate)
    }

    /// The earliest instant at which a running animation completes.
    public var nextEnd: Ticks? { running.lazy.map(\.end).min() }

    /// Removes and returns, in creation order, every animation that has completed by `now`.
    public mutating func takeCompleted(by now: Ticks) -> [Running] {
        guard running.contains(where: { $0.end <= now }) else { return [] }
        var done: [Running] = []
        running.removeAll { animation in
            if animation.end <= now { done.append(animation); return true }
            return false
        }
        return done.sorted { ($0.end, $0.serial) < ($1.end, $1.serial) }
    }
}
