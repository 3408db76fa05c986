import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parameters, over random values (seeded: a failure replays from its seed). SPEC's numbers
/// stay the default; the zones, the icon's ramp, the durations and the curves follow what is set; springs
/// agree with an independent numerical solution of SPEC's spring equation.
@Suite struct TuningPropertyTests {
    static let seeds: [UInt64] = Array(1...40)

    // MARK: Defaults

    @Test func theDefaultsAreSpecsNumbers() throws {
        let spec = Settings()
        #expect(Profile.mailbox.applied(to: spec) == spec)
        let expected: [String: String] = [
            "fps": "60", "threshold.near": "60", "threshold.far": "260", "threshold.left.near": "60",
            "threshold.left.far": "260", "threshold.right.near": "60", "threshold.right.far": "260", "icon.inset": "30",
            "duration.slide": "0.3", "duration.snap": "0.3", "duration.hide": "0.3", "duration.fade": "0.3",
            "duration.menu": "0.4", "duration.compose": "0.3", "duration.segment": "0.3", "duration.undo": "0.3",
            "menu.open": "280", "menu.release": "velocity", "color.gray": "#B2B2B2", "color.yellow": "#FECA16",
            "color.brown": "#CE9662", "color.green": "#55D550", "color.red": "#E73D0E", "color.blue": "#44AAD2",
            "escape.velocity": "0", "elasticity": "1", "haptics": "off", "compose.draft-alert": "off",
            "profile": "mailbox",
            "threshold.left.bound": "closed", "threshold.right.bound": "closed", "icon.rest": "30", "icon.follow": "30",
            "icon.fade": "near", "slide.overshoot": "0", "snap.animate": "on", "delay.hide": "0", "delay.segment": "0",
            "overlay.appear": "fade", "overlay.dismiss": "fade", "menu.still": "nearer", "undo.alert": "on",
            "undo.return": "slide", "undo.depth": "0"
        ]
        for tunable in TunableTable.all {
            if tunable.name.hasPrefix("curve.") {
                #expect(tunable.defaultValue == .curve(.easeInOut), "\(tunable.name)")
            } else {
                #expect(tunable.defaultValue.scriptText == expected[tunable.name], "\(tunable.name)")
            }
        }
        #expect(Set(TunableTable.names).count == TunableTable.all.count, "every name once")
    }

    /// `set profile mailbox` and SPEC's values set one by one change nothing: random sessions after them
    /// reach the same state, step for step, as sessions without.
    @Test(arguments: Array(1...12) as [UInt64])
    func settingTheDefaultsChangesNothing(seed: UInt64) throws {
        let prelude =
            ["set profile mailbox"]
            + TunableTable.all.filter { $0.name != "profile" }.map {
                "set \($0.name) \($0.defaultValue.scriptText)"
            }
        try Self.expectSameSessions(seed: seed, prelude: prelude)
    }

    /// A Bézier equal to easeInOut, on every role, gives identical numbers.
    @Test(arguments: Array(1...12) as [UInt64])
    func aBezierEqualToEaseInOutIsEaseInOut(seed: UInt64) throws {
        let prelude = AnimationRole.allCases.map { "set curve.\($0.rawValue) bezier 0.42 0 0.58 1" }
        try Self.expectSameSessions(seed: seed, prelude: prelude)
    }

    static func expectSameSessions(seed: UInt64, prelude: [String]) throws {
        var plain = Session()
        var tuned = Session()
        for line in prelude { _ = try tuned.execute(.line(line[...])) }
        var generator = CommandGenerator(seed: seed)
        for step in 1...300 {
            let line = generator.next(for: plain)
            let a = Result { try plain.execute(.line(line[...])) }
            let b = Result { try tuned.execute(.line(line[...])) }
            #expect(
                (try? a.get()) == nil ? (try? b.get()) == nil : (try? b.get()) != nil,
                "seed \(seed), step \(step): \(line)")
            var tunedScreen = tuned.screen
            tunedScreen.settings = plain.screen.settings
            #expect(tunedScreen == plain.screen, "seed \(seed), step \(step): \(line)")
            if tunedScreen != plain.screen { return }
        }
    }

    // MARK: Thresholds

    /// Random thresholds per side: each zone begins exactly at its threshold (closed below), the colour and
    /// the release outcome follow, and the icon's ramp is |x| / near, reaching 1 exactly at near.
    @Test(arguments: seeds)
    func zonesAndTheRampFollowTheThresholds(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 7919)
        var session = Session()
        func side() -> (near: Double, far: Double) {
            let near = (Double.random(in: 1...250, using: &random) * 8).rounded() / 8
            let far = min(320, near + (Double.random(in: 1...120, using: &random) * 8).rounded() / 8)
            return (near, far)
        }
        let left = side()
        let right = side()
        // Far first when it grows, so that every step keeps near < far.
        for (name, value) in [
            ("left.far", 320.0), ("left.near", left.near), ("left.far", left.far),
            ("right.far", 320), ("right.near", right.near), ("right.far", right.far)
        ] {
            _ = try session.execute(.line("set threshold.\(name) \(formatExact(value))"[...]))
        }
        let thresholds = session.screen.settings.thresholds
        #expect(thresholds.left == SideThresholds(near: left.near, far: left.far))
        #expect(thresholds.right == SideThresholds(near: right.near, far: right.far))
        for (sign, t) in [(-1.0, left), (1.0, right)] {
            let peek = SwipeZone.at(sign * t.near.nextDown, thresholds)
            #expect(peek.level == 0 && peek.background == .gray)
            #expect(SwipeZone.at(sign * t.near, thresholds).level == Int(sign))
            #expect(SwipeZone.at(sign * t.far.nextDown, thresholds).level == Int(sign))
            #expect(SwipeZone.at(sign * t.far, thresholds).level == 2 * Int(sign))
            #expect(peek.iconAlpha(x: sign * t.near / 2, thresholds) == 0.5)
            #expect(peek.iconAlpha(x: sign * t.near.nextDown, thresholds) < 1)
            #expect(SwipeZone.at(sign * t.near, thresholds).iconAlpha(x: sign * t.near, thresholds) == 1)
        }
        // Through the session: released just short of near it snaps back; at near it acts.
        let sign = random.chance(0.5) ? -1.0 : 1.0
        let near = sign < 0 ? left.near : right.near
        _ = try session.execute(.line("pan msg1 \(formatExact(sign * near / 2))"[...]))
        #expect(session.screen.iconAlpha(of: m1) == 0.5)
        _ = try session.execute(.line("pan msg1 \(formatExact(sign * near))"[...]))
        #expect(session.screen.iconAlpha(of: m1) == 1)
        _ = try session.execute(.line("release"[...]))
        #expect(
            session.screen.rows[0].latch?.level == Int(sign) || session.screen.rows[0].latch?.level == 2 * Int(sign))
    }

    // MARK: Durations

    /// easeInOut is symmetric, so the snap-back is half-way at exactly half its duration, whatever it is.
    @Test(arguments: seeds)
    func aDurationScalesTheMidpoint(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 31)
        let milliseconds = Int.random(in: 1...5000, using: &random) * 2
        let x = -Double(Int.random(in: 1...59, using: &random))
        var session = Session()
        for line in [
            "set duration.snap \(Ticks.milliseconds(Int64(milliseconds)).decimalSeconds)", "pan msg1 \(formatExact(x))",
            "release 0", "advance \(Ticks.milliseconds(Int64(milliseconds / 2)).decimalSeconds)"
        ] {
            _ = try session.execute(.line(line[...]))
        }
        #expect(abs(session.screen.x(of: m1) - x / 2) < 1e-9, "seed \(seed): \(milliseconds) ms")
        _ = try session.execute(.line("advance \(Ticks.milliseconds(Int64(milliseconds / 2)).decimalSeconds)"[...]))
        #expect(session.screen.x(of: m1) == 0)
        #expect(!session.screen.isAnimating)
    }

    // MARK: Springs

    /// A spring on the snap-back agrees with SPEC's spring equation, x'' = −k(x − 0) − c·x' with
    /// k = (2π/response)², c = 4πζ/response, mass 1, started at the release point with the release velocity,
    /// integrated numerically (classic Runge–Kutta, 0.1 ms steps), independent of the closed form; and once
    /// the animation ends the motion stays within 0.5 pt and 1 pt/s of rest.
    @Test(arguments: seeds)
    func springsAgreeWithTheEquation(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 104_723)
        let zeta = (Double.random(in: 0.15...2.5, using: &random) * 100).rounded() / 100
        let response = (Double.random(in: 0.15...1.2, using: &random) * 100).rounded() / 100
        let x0 = Double(Int.random(in: 1...59, using: &random)) * (random.chance(0.5) ? -1 : 1)
        let v0 = Double(Int.random(in: -3000...3000, using: &random))
        var session = Session()
        for line in [
            "set curve.snap spring \(formatExact(zeta)) \(formatExact(response))", "pan msg1 \(formatExact(x0))",
            "release \(formatExact(v0))"
        ] {
            _ = try session.execute(.line(line[...]))
        }
        let start = session.screen.now
        let animation = try #require(session.screen.animator.animation(for: PropertyKey(.row(m1), .x)))
        let k = (2 * Double.pi / response) * (2 * Double.pi / response)
        let c = 4 * Double.pi * zeta / response
        let h = 1e-4
        var x = x0
        var v = v0
        var t = 0.0
        func step() {
            func a(_ x: Double, _ v: Double) -> Double { -k * x - c * v }
            let k1x = v
            let k1v = a(x, v)
            let k2x = v + h / 2 * k1v
            let k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v
            let k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v
            let k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        let duration = animation.duration.seconds
        for sample in stride(from: 0.05, to: duration, by: 0.05) {
            while t < sample - h / 2 { step() }
            var probe = session.screen
            try probe.send(.clockAdvanced(to: start + Ticks(seconds: t)))
            let agrees = abs(probe.x(of: m1) - x) < 1e-5 * max(1, abs(x0) + abs(v0) * response)
            #expect(
                agrees,
                """
                seed \(seed): ζ \(zeta), response \(response), x0 \(x0), v0 \(v0), t \(t): \
                \(probe.x(of: m1)) vs \(x)
                """)
            if !agrees { return }
        }
        // Settled from the end on: within 0.5 pt and 1 pt/s for good (the bound covers every later instant).
        while t < duration { step() }
        #expect(abs(x) <= 0.5 + 1e-6 && abs(v) <= 1 + 1e-6, "seed \(seed): at the end x \(x), v \(v)")
        for _ in 0..<20_000 {
            step()
            #expect(abs(x) <= 0.5 + 1e-6 && abs(v) <= 1 + 1e-6)
            if abs(x) > 0.5 + 1e-6 { break }
        }
        _ = try session.execute(.line("settle"[...]))
        #expect(session.screen.x(of: m1) == 0)
        #expect(session.screen.now == start + animation.duration)
    }

    // MARK: Elasticity

    /// Within ±320 the row follows the finger exactly whatever the elasticity; past it, E of the excess; and
    /// a continued pan reads the finger back from where the row is.
    @Test(arguments: seeds)
    func elasticityStretchesOnlyTheExcess(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 613)
        let e = Double(Int.random(in: 0...100, using: &random)) / 100
        let elastic = Elastic(e)
        for _ in 0..<50 {
            let raw = Double(Int.random(in: -2000...2000, using: &random))
            let x = elastic.stretched(raw)
            if abs(raw) <= 320 {
                #expect(x == raw)
            } else {
                #expect(abs(abs(x) - (320 + e * (abs(raw) - 320))) < 1e-9)
                #expect((x < 0) == (raw < 0))
            }
            if e > 0 { #expect(abs(elastic.unstretched(x) - raw) < 1e-9) }
            let more = Double(Int.random(in: -500...500, using: &random))
            #expect(
                abs(elastic.x(from: x, by: more) - elastic.stretched((e > 0 ? raw : elastic.unstretched(x)) + more))
                    < 1e-9)
        }
    }
}
