/// A socket's message budget: a burst of `capacity`, refilled at `rate` a second (PlaygroundLimits.messagesPerSecond).
struct TokenBucket {
    let capacity: Double
    let rate: Double
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(perSecond: Int, now: ContinuousClock.Instant = .now) {
        capacity = Double(perSecond)
        rate = Double(perSecond)
        tokens = capacity
        last = now
    }

    /// Takes one token if there is one.
    mutating func take(now: ContinuousClock.Instant = .now) -> Bool {
        let elapsed = now - last
        last = now
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(capacity, tokens + seconds * rate)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
