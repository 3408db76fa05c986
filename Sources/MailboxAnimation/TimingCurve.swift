import MailboxText

/// How an animation's progress moves from 0 to 1: a Core Animation Bézier or a spring.
public enum TimingCurve: Hashable, Sendable {
    case bezier(CubicBezier)
    case spring(Spring)

    public static let linear = TimingCurve.bezier(CubicBezier(0, 0, 1, 1))
    public static let easeIn = TimingCurve.bezier(CubicBezier(0.42, 0, 1, 1))
    public static let easeOut = TimingCurve.bezier(CubicBezier(0, 0, 0.58, 1))
    public static let easeInOut = TimingCurve.bezier(CubicBezier(0.42, 0, 0.58, 1))
    public static let `default` = TimingCurve.bezier(CubicBezier(0.25, 0.1, 0.25, 1))

    /// The named Béziers, in the order Core Animation lists them.
    public static let named: [(name: String, curve: TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("default", .default)
    ]

    /// Whether progress can leave 0…1 on the way: every spring (one started towards its target overshoots
    /// even when damped), and a Bézier whose control points' y leave 0…1.
    public var canOvershoot: Bool {
        switch self {
        case .bezier(let b): !(0...1).contains(b.y1) || !(0...1).contains(b.y2)
        case .spring: true
        }
    }

    /// Progress (0 at the start, 1 at the end; a spring may overshoot) after `elapsed` of `duration`.
    public func progress(elapsed: Ticks, duration: Ticks) -> Double {
        if elapsed >= duration { return 1 }
        if elapsed <= .zero { return 0 }
        switch self {
        case .bezier(let bezier):
            return bezier.progress(Double(elapsed.nanoseconds) / Double(duration.nanoseconds))
        case .spring(let spring):
            return spring.progress(at: elapsed.seconds)
        }
    }

    /// How long an animation on this curve lasts when asked for `requested`: a spring lasts until it settles.
    public func duration(requested: Ticks) -> Ticks {
        switch self {
        case .bezier: return requested
        case .spring(let spring): return Ticks(seconds: spring.settlingDuration)
        }
    }

    /// `easeInOut`, `bezier(0.1,0.2,0.3,1)` or `spring(damping 0.5, response 0.4, v0 0)`, followed for a
    /// view's spring by when it counts as settled (`until settled within 0.5 and 1/s`).
    public var name: String {
        switch self {
        case .bezier(let b):
            if let named = TimingCurve.named.first(where: { $0.curve == self }) { return named.name }
            return "bezier(\(formatNumber(b.x1)),\(formatNumber(b.y1)),\(formatNumber(b.x2)),\(formatNumber(b.y2)))"
        case .spring(let s):
            let spring =
                """
                spring(damping \(formatExact(s.dampingRatio)), response \(formatExact(s.response)), v0 \
                \(formatNumber(s.initialVelocity)))
                """
            guard case let .within(_, tolerance) = s.settle else { return spring }
            return spring
                + " until settled within \(formatNumber(tolerance.position)) and \(formatNumber(tolerance.velocity))/s"
        }
    }
}
