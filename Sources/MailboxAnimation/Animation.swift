/// One running animation of one property: from, to, start, duration and curve, evaluated analytically.
public struct Animation<Key: Sendable, Completion: Sendable>: Sendable {
    /// Creation order; breaks ties between animations that end at the same tick.
    public let serial: Int
    public let key: Key
    public let from: AnimatableValue
    public let to: AnimatableValue
    public let start: Ticks
    public let duration: Ticks
    public let curve: TimingCurve
    /// What the owner does when this animation completes (never when it is interrupted).
    public let completion: Completion?

    /// When it completes; at the end of the clock's range (`Ticks.max`) when it would run past it.
    public var end: Ticks { start.adding(duration) ?? .max }

    /// The presentation value at `now`.
    public func value(at now: Ticks) -> AnimatableValue {
        from.interpolated(to: to, curve.progress(elapsed: now - start, duration: duration))
    }
}

extension Animation: Equatable where Key: Equatable, Completion: Equatable {}
