import MailboxAnimation

/// The instants a recorder looks at the screen: frame k is at k / framesPerSecond seconds (rounded down to
/// the nanosecond).
public struct FrameClock: Equatable, Sendable {
    public let framesPerSecond: Int

    public init(framesPerSecond: Int) {
        precondition(framesPerSecond > 0)
        self.framesPerSecond = framesPerSecond
    }

    /// The instant of frame `k`.
    public func instant(_ k: Int) -> Ticks {
        let perSecond = Ticks.perSecond
        let n = Int64(framesPerSecond)
        let k = Int64(k)
        // k·10⁹ / N without overflowing for any k a walkthrough can have.
        return Ticks(nanoseconds: (k / n) * perSecond + (k % n) * perSecond / n)
    }

    /// The last frame at or before `t` (t ≥ 0).
    public func frame(atOrBefore t: Ticks) -> Int {
        let n = Int64(framesPerSecond)
        let whole = t.nanoseconds / Ticks.perSecond
        let rest = t.nanoseconds % Ticks.perSecond
        var k = Int(whole * n + rest * n / Ticks.perSecond)
        while instant(k + 1) <= t { k += 1 }
        while k > 0 && instant(k) > t { k -= 1 }
        return k
    }
}

extension MailboxState {
    /// Does `action` exactly as `send` does, and shows `observe` the screen at every instant of `clock`
    /// strictly inside the time the action takes (a pan's frames, an `advance`, a `settle`), in order, until it
    /// answers false. In a pan, the finger is seen on its straight path at that instant.
    public mutating func send(_ action: MailboxAction, frames clock: FrameClock,
                              observe: (MailboxState) -> Bool) throws(MailboxError) {
        let start = self
        try send(action)
        let end = now
        guard end > start.now else { return }
        var k = clock.frame(atOrBefore: start.now) + 1
        var replay = start
        switch action {
        case .clockAdvanced, .settled:
            while clock.instant(k) < end {
                replay.advanceClock(to: clock.instant(k))
                guard observe(replay) else { return }
                k += 1
            }
        case let .panned(target, translation, duration):
            let from = start.gesture.map { $0.target == target ? $0.translation : 0 } ?? 0
            while clock.instant(k) < end {
                let t = clock.instant(k)
                let fraction = Double((t - start.now).nanoseconds) / Double(duration.nanoseconds)
                let sample = from + (translation - from) * fraction
                do {
                    try replay.send(.panned(target, translation: sample, duration: t - replay.now))
                } catch {
                    return // cannot happen: the whole pan was allowed, and so is each part of it
                }
                guard observe(replay) else { return }
                k += 1
            }
        default:
            return
        }
    }
}
