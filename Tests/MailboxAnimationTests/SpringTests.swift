import MailsimTestSupport
import Testing

@testable import MailboxAnimation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SPEC §3: a spring given by damping ratio ζ and response, with stiffness (2π/response)²,
/// damping 4πζ/response, mass 1, and an initial velocity; progress 0 → 1.
@Suite struct SpringTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let zeta: Double, response: Double, v0: Double
        var spring: Spring { Spring(dampingRatio: zeta, response: response, initialVelocity: v0) }
        var testDescription: String { "ζ \(zeta), response \(response), v0 \(v0)" }
        init(_ zeta: Double, _ response: Double, _ v0: Double = 0) {
            self.zeta = zeta
            self.response = response
            self.v0 = v0
        }
    }

    static let underDamped: [Case] = [
        Case(0.5, 0.4), Case(0.2, 1), Case(0.9, 0.3), Case(0.7, 0.55, 3), Case(0.5, 0.4, -4)
    ]
    static let critical: [Case] = [Case(1, 0.5), Case(1, 0.3), Case(1, 0.5, -5)]
    static let overDamped: [Case] = [Case(2, 0.5), Case(1.5, 0.3), Case(3, 0.2), Case(1.2, 1, -2)]
    static let all = underDamped + critical + overDamped

    // MARK: Coefficients

    @Test(arguments: all)
    func stiffnessAndDampingFollowTheSpec(_ c: Case) {
        let spring = c.spring
        let expectedStiffness = (2 * Double.pi / c.response) * (2 * Double.pi / c.response)
        let expectedDamping = 4 * Double.pi * c.zeta / c.response
        #expect(abs(spring.stiffness - expectedStiffness) <= 1e-9 * expectedStiffness)
        #expect(abs(spring.damping - expectedDamping) <= 1e-12 * max(1, expectedDamping))
    }

    @Test func knownCoefficients() {
        // response 1 s: ω = 2π, k = 4π² ≈ 39.4784; ζ 0.5 → c = 2π ≈ 6.2832.
        let spring = Spring(dampingRatio: 0.5, response: 1)
        #expect(abs(spring.stiffness - 39.47841760435743) < 1e-9)
        #expect(abs(spring.damping - 6.283185307179586) < 1e-12)
    }

    /// The closed form solves x'' = −k(x − 1) − c·x' with the spec's k and c (mass 1): checked by
    /// central differences at several instants.
    @Test(arguments: all)
    func solvesTheSpringEquation(_ c: Case) {
        let spring = c.spring
        let k = (2 * Double.pi / c.response) * (2 * Double.pi / c.response)
        let damping = 4 * Double.pi * c.zeta / c.response
        let h = 1e-4
        for t in [0.01, 0.05, 0.1, 0.2, 0.37, 0.6] {
            let x = spring.progress(at: t)
            let v = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
            let a = (spring.progress(at: t + h) - 2 * x + spring.progress(at: t - h)) / (h * h)
            let residual = a + k * (x - 1) + damping * v
            #expect(abs(residual) < 1e-3 * k, "residual \(residual) at t \(t)")
        }
    }

    // MARK: Start

    @Test(arguments: all)
    func startsAtZeroWithTheInitialVelocity(_ c: Case) {
        let spring = c.spring
        #expect(abs(spring.progress(at: 0)) < 1e-12)
        #expect(abs(spring.displacement(at: 0) - 1) < 1e-12)
        let h = 1e-6
        let slope = (spring.progress(at: h) - spring.progress(at: -h)) / (2 * h)
        #expect(abs(slope - c.v0) < 1e-4 * max(1, abs(c.v0)), "progress'(0) = \(slope)")
        // One-sided too, as an animation sees it (only t ≥ 0 is ever evaluated).
        let forward = (spring.progress(at: 1e-7) - spring.progress(at: 0)) / 1e-7
        #expect(abs(forward - c.v0) < 1e-3 * max(1, abs(c.v0)) + 1e-7 * spring.stiffness)
    }

    // MARK: Settling

    @Test(arguments: all)
    func settlesAndStaysSettled(_ c: Case) {
        let spring = c.spring
        let settle = spring.settlingDuration
        #expect(settle.isFinite && settle > 0)
        // Sampled from the settling time to well past it: below the threshold everywhere.
        let span = 10 * c.response + settle
        for i in 0...4000 {
            let t = settle + span * Double(i) / 4000
            #expect(abs(spring.displacement(at: t)) < Spring.settleThreshold, "at \(t) s")
        }
        #expect(Spring.settleThreshold == 0.001)
    }

    @Test(arguments: all)
    func settlingTimeIsNotFarLaterThanNeeded(_ c: Case) {
        // A settling time of, say, 1e6 s would pass the test above; the spring must still be moving by more
        // than the threshold somewhere in the last three quarters before it.
        let spring = c.spring
        let settle = spring.settlingDuration
        let moving = (0...1000).contains { i in
            abs(spring.displacement(at: settle * (0.25 + 0.75 * Double(i) / 1000))) > Spring.settleThreshold
        }
        #expect(moving)
    }

    @Test func underDampedSettlingTimeFromTheEnvelope() {
        // ζ 0.5, response 0.4, v0 0: ω = 2π/0.4, ωd = ω√(1 − ζ²), b = ζω/ωd,
        // envelope √(1 + b²)·e^(−ζωt) = 0.001 at t = ln(√(1 + b²)/0.001)/(ζω) = 0.897837128203162
        // (Python).
        #expect(abs(Spring(dampingRatio: 0.5, response: 0.4).settlingDuration - 0.897837128203162) < 1e-9)
    }

    // MARK: Overshoot

    static func peak(_ spring: Spring) -> Double {
        let end = spring.settlingDuration + spring.response
        return (0...20_000).map { spring.progress(at: end * Double($0) / 20_000) }.max()!
    }

    @Test(arguments: underDamped.filter { $0.v0 >= 0 } + [Case(0.5, 0.4, -4)])
    func underDampedOvershoots(_ c: Case) {
        #expect(Self.peak(c.spring) > 1.0001)
    }

    @Test func underDampedOvershootMatchesTheFormula() {
        // From rest, the first overshoot of an under-damped spring is e^(−πζ/√(1 − ζ²)):
        // ζ 0.5 → e^(−π/√3) = 0.16303353482158...
        let spring = Spring(dampingRatio: 0.5, response: 0.4)
        #expect(abs(Self.peak(spring) - 1 - 0.16303353482158) < 1e-5)
        // It happens at half the damped period, t = π/ωd.
        let wd = 2 * Double.pi / 0.4 * (0.75).squareRoot()
        #expect(abs(spring.progress(at: Double.pi / wd) - 1.16303353482158) < 1e-9)
    }

    /// From rest (v0 = 0), or moving away from the target (v0 < 0), a spring with ζ ≥ 1 never passes 1.
    @Test(arguments: critical.filter { $0.v0 <= 0 } + overDamped.filter { $0.v0 <= 0 })
    func criticalAndOverDampedNeverOvershootFromRest(_ c: Case) {
        let spring = c.spring
        let end = spring.settlingDuration + 5 * c.response
        for i in 0...20_000 {
            let t = end * Double(i) / 20_000
            #expect(spring.progress(at: t) <= 1, "overshoots at \(t) s")
        }
    }

    /// With a velocity toward the target the physics allow an overshoot even with ζ ≥ 1. Critically damped,
    /// e(t) = e^(−ωt)(1 + (ω − v0)t), which turns negative (progress > 1) exactly when v0 > ω; over-damped,
    /// e(t) = c1·e^(r1 t) + c2·e^(r2 t) changes sign exactly when v0 > −r2 = ω(ζ + √(ζ² − 1)).
    @Test func positiveInitialVelocityOvershootsOnlyPastThePhysicalLimit() {
        // ω = 2π/0.5 ≈ 12.566
        // Critical: v0 = 5 < ω does not overshoot; v0 = 30 > ω does.
        let slow = Spring(dampingRatio: 1, response: 0.5, initialVelocity: 5)
        let fast = Spring(dampingRatio: 1, response: 0.5, initialVelocity: 30)
        #expect(Self.peak(slow) <= 1)
        #expect(Self.peak(fast) > 1.001)
        // Over-damped ζ 2: the limit is ω(2 + √3) ≈ 46.9; v0 = 20 stays below 1, v0 = 80 passes it.
        #expect(Self.peak(Spring(dampingRatio: 2, response: 0.5, initialVelocity: 20)) <= 1)
        #expect(Self.peak(Spring(dampingRatio: 2, response: 0.5, initialVelocity: 80)) > 1.001)
    }

    /// Either side of ζ = 1 the three closed forms must agree with each other (no jump at critical damping).
    @Test(arguments: [0.0, 3, -4])
    func nearCriticalSpringsAgreeWithTheCriticalOne(v0: Double) {
        let critical = Spring(dampingRatio: 1, response: 0.5, initialVelocity: v0)
        for zeta in [1 - 1e-6, 1 + 1e-6] {
            let near = Spring(dampingRatio: zeta, response: 0.5, initialVelocity: v0)
            for i in 0...100 {
                let t = Double(i) / 100
                #expect(abs(near.displacement(at: t) - critical.displacement(at: t)) < 1e-4, "ζ \(zeta) at \(t)")
            }
            #expect(near.settlingDuration < 2 * critical.settlingDuration)
        }
    }

    // MARK: As a timing curve

    @Test func asATimingCurveItLastsUntilSettledAndEndsExactlyAtOne() {
        let spring = Spring(dampingRatio: 0.5, response: 0.4)
        let curve = TimingCurve.spring(spring)
        let duration = curve.duration(requested: ms(300))
        #expect(duration == Ticks(seconds: spring.settlingDuration))
        #expect(curve.progress(elapsed: duration, duration: duration) == 1)
        #expect(curve.progress(elapsed: .zero, duration: duration) == 0)
        let mid = ms(200)
        #expect(curve.progress(elapsed: mid, duration: duration) == spring.progress(at: 0.2))
        #expect(curve.name == "spring(damping 0.5, response 0.4, v0 0)")
    }
}
