import CMaths

/// A damped spring given as SwiftUI and UIKit describe it: damping ratio ζ and response (the undamped period),
/// with stiffness (2π/response)², damping 4πζ/response and mass 1; solved in closed form.
public struct Spring: Hashable, Sendable {
    public let dampingRatio: Double
    public let response: Double
    /// Initial velocity in units of the whole distance per second (1 = the distance in one second).
    public let initialVelocity: Double

    /// When the animation counts as settled, and so ends.
    public let settle: Settle

    /// The displacement below which a spring counts as settled, as a fraction of its distance (`.fraction`).
    public static let settleThreshold = 0.001

    /// The longest a spring lasts, in seconds: one that has not settled an hour after it started (a damping
    /// ratio near 0 with a long response, or a fast release over a tiny distance) ends there, at its target.
    /// Its settle time depends on the distance and the release velocity, known only when it starts, so it is
    /// bounded here rather than refused at `set`.
    public static let longestSettlingDuration = 3_600.0

    /// The largest initial velocity, in distances a second either way (a release at the fastest velocity a
    /// script may give, 1,000,000 pt/s, over a thousandth of a point): a faster one is taken as this, so a
    /// release over a vanishing distance neither overflows nor prints an exponent.
    public static let fastestInitialVelocity = 1_000_000_000.0

    /// When a spring has settled: its remaining displacement below a fraction of the distance, or (for a
    /// view property) within the tolerance of the property's kind, over a move of `distance`.
    public enum Settle: Hashable, Sendable {
        case fraction(Double)
        case within(distance: Double, tolerance: Tolerance)
    }

    /// How close to its target, and how slow, a spring on a property must be to count as settled, by the
    /// kind of property (kept as a kind, not as two numbers: a timeline entry holds the curve inline).
    public enum Tolerance: Hashable, Sendable {
        /// Positions and sizes: within 0.5 pt, slower than 1 pt/s.
        case points
        /// Alphas: within 0.002 (half a step of 8-bit alpha), slower than 0.004 a second.
        case alpha
        /// Anything else (rotation, scale, colour): within 0.001, slower than 0.002 a second.
        case fine

        public var position: Double {
            switch self {
            case .points: 0.5
            case .alpha: 0.002
            case .fine: 0.001
            }
        }

        public var velocity: Double {
            switch self {
            case .points: 1
            case .alpha: 0.004
            case .fine: 0.002
            }
        }
    }

    public init(
        dampingRatio: Double, response: Double, initialVelocity: Double = 0,
        settle: Settle = .fraction(Spring.settleThreshold)
    ) {
        precondition(dampingRatio > 0 && response > 0, "a spring needs damping ratio > 0 and response > 0")
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = CurveMath.initialVelocity(initialVelocity, fastest: Spring.fastestInitialVelocity)
        self.settle = settle
    }

    /// The same spring, starting with `velocity` and settling as `settle` says.
    public func with(initialVelocity velocity: Double, settle: Settle) -> Spring {
        Spring(dampingRatio: dampingRatio, response: response, initialVelocity: velocity, settle: settle)
    }

    public var stiffness: Double {
        let w = omega
        return w * w
    }
    public var damping: Double { 4 * Double.pi * dampingRatio / response }
    private var omega: Double { 2 * Double.pi / response }

    /// Remaining displacement e(t) (1 at t = 0, → 0 at rest), solving e'' + 2ζω e' + ω² e = 0, e'(0) = −v0
    /// (`CurveMath`, which the hand-off exports as it is).
    public func displacement(at t: Double) -> Double {
        CurveMath.springDisplacement(
            at: t, dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
    }

    /// Progress from 0 to 1 at `t` seconds; may overshoot 1 when under-damped.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Seconds after which the spring stays settled (see `Settle`): from bounds on the envelopes of the
    /// displacement and the velocity, so it is found in a fixed number of steps whatever the spring.
    /// Never longer than `longestSettlingDuration`.
    public var settlingDuration: Double {
        CurveMath.settledWithin(rawSettlingDuration, longest: Spring.longestSettlingDuration)
    }

    /// Whether the spring would still be moving at `longestSettlingDuration`, and so ends there, at its target.
    public var isCutShort: Bool { !(rawSettlingDuration <= Spring.longestSettlingDuration) }

    /// When it settles, however long that is: negative for no time, NaN for an envelope that overflowed (never).
    private var rawSettlingDuration: Double {
        switch settle {
        case .fraction(let eps): fractionSettlingDuration(eps)
        case let .within(distance, tolerance):
            CurveMath.settlingDuration(
                dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity, distance: distance,
                position: tolerance.position, speed: tolerance.velocity)
        }
    }

    private func fractionSettlingDuration(_ eps: Double) -> Double {
        let w = omega
        let z = dampingRatio
        let v0 = initialVelocity
        let envelope: (Double) -> Double
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (z * w - v0) / wd
            let amplitude = (1 + b * b).squareRoot()
            return max(0, log(amplitude / eps) / (z * w))
        } else if z == 1 {
            envelope = { t in exp(-w * t) * (1 + abs(w - v0) * t) }
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root)
            let r2 = -w * (z + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            envelope = { t in (abs(c1) + abs(c2)) * exp(r1 * t) }
        }
        // The envelope falls after its peak; find where it crosses eps past that peak by doubling, then bisection.
        var high = response
        while envelope(high) > eps && high < 1e6 { high *= 2 }
        var low = 0.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if envelope(mid) > eps { low = mid } else { high = mid }
        }
        return high
    }
}
