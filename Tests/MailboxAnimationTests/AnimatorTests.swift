import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxSim

/// The animator: analytic values from start, duration and curve; one animation per key; completions
/// handed back in end-then-creation order.
@Suite struct AnimatorTests {
    /// A key type of the test's own: the animator is generic over it.
    enum Key: Hashable, Sendable { case x, y, rotation, scale, tint }

    typealias TestAnimator = Animator<Key, String>

    @Test func valueAtStartMiddleAndEnd() throws {
        var animator = TestAnimator()
        animator.start(.x, from: .scalar(-180), to: .scalar(-320), at: sec(1), duration: ms(300), curve: .linear)
        #expect(animator.value(for: .x, at: sec(1)) == .scalar(-180))
        #expect(animator.value(for: .x, at: ms(1_150)) == .scalar(-250))
        #expect(animator.value(for: .x, at: ms(1_300)) == .scalar(-320))
        // Before it starts it holds the from value; past its end (until taken) the to value.
        #expect(animator.value(for: .x, at: .zero) == .scalar(-180))
        #expect(animator.value(for: .x, at: sec(50)) == .scalar(-320))
        #expect(animator.value(for: .y, at: ms(1_150)) == nil)
    }

    @Test func easeInOutValues() throws {
        var animator = TestAnimator()
        animator.start(.x, from: .scalar(0), to: .scalar(-320), at: .zero, duration: ms(300), curve: .easeInOut)
        let mid = try #require(animator.value(for: .x, at: ms(150))?.scalar)
        #expect(abs(mid - -160) < 1e-6)
        // easeInOut at a quarter of the time: 0.12916193104731981 of the way (Python, see CubicBezierTests).
        let quarter = try #require(animator.value(for: .x, at: ms(75))?.scalar)
        #expect(abs(quarter - -320 * 0.12916193104731981) < 1e-4)
    }

    @Test func theSameInstantAlwaysGivesTheSameValue() {
        var animator = TestAnimator()
        animator.start(.x, from: .scalar(12.5), to: .scalar(-300), at: ms(100), duration: ms(700), curve: .default)
        let first = animator.value(for: .x, at: ms(433))
        for _ in 0..<10 { _ = animator.value(for: .x, at: ms(200)) }
        #expect(animator.value(for: .x, at: ms(433)) == first)
    }

    @Test func aNewAnimationOnTheSameKeyReplacesTheOld() throws {
        var animator = TestAnimator()
        animator.start(
            .x, from: .scalar(0), to: .scalar(100), at: .zero, duration: ms(300), curve: .linear, completion: "old")
        animator.start(
            .y, from: .scalar(0), to: .scalar(50), at: .zero, duration: ms(300), curve: .linear, completion: "y")
        animator.start(
            .x, from: .scalar(30), to: .scalar(-30), at: ms(100), duration: ms(200), curve: .linear, completion: "new")
        #expect(animator.running.count == 2)
        let x = try #require(animator.animation(for: .x))
        #expect(x.completion == "new")
        #expect(x.from == .scalar(30) && x.to == .scalar(-30) && x.start == ms(100) && x.duration == ms(200))
        #expect(animator.value(for: .x, at: ms(200)) == .scalar(0))
        // The replaced animation's completion is dropped, never handed back.
        let done = animator.takeCompleted(by: sec(10)).map { $0.completion }
        #expect(done == ["y", "new"])
        #expect(animator.isEmpty)
    }

    @Test func takeCompletedReturnsInEndThenCreationOrder() {
        var animator = TestAnimator()
        animator.start(
            .x, from: .scalar(0), to: .scalar(1), at: ms(100), duration: ms(200), curve: .linear,
            completion: "x ends 0.3, made 1st")
        animator.start(
            .y, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(300), curve: .linear,
            completion: "y ends 0.3, made 2nd")
        animator.start(
            .scale, from: .scalar(1), to: .scalar(2), at: .zero, duration: ms(100), curve: .linear,
            completion: "scale ends 0.1")
        animator.start(
            .rotation, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(500), curve: .linear,
            completion: "rotation ends 0.5")
        #expect(animator.nextEnd == ms(100))
        #expect(animator.takeCompleted(by: ms(99)).isEmpty)
        #expect(animator.running.count == 4)
        let firstBatch = animator.takeCompleted(by: ms(400)).map { $0.completion! }
        #expect(firstBatch == ["scale ends 0.1", "x ends 0.3, made 1st", "y ends 0.3, made 2nd"])
        #expect(animator.nextEnd == ms(500))
        #expect(animator.takeCompleted(by: ms(500)).map { $0.completion! } == ["rotation ends 0.5"])
        #expect(animator.nextEnd == nil)
        #expect(animator.isEmpty)
    }

    @Test func anAnimationCompletesExactlyAtItsEnd() {
        var animator = TestAnimator()
        animator.start(
            .x, from: .scalar(0), to: .scalar(1), at: ms(1_400), duration: ms(300), curve: .easeInOut,
            completion: "done")
        #expect(animator.takeCompleted(by: Ticks(nanoseconds: 1_699_999_999)).isEmpty)
        #expect(animator.takeCompleted(by: Ticks(seconds: 1.7)).map(\.completion) == ["done"])
    }

    @Test func removeStopsAnAnimationAndReturnsIt() {
        var animator = TestAnimator()
        animator.start(
            .x, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(300), curve: .linear, completion: "x")
        #expect(animator.remove(.y) == nil)
        #expect(animator.remove(.x)?.completion == "x")
        #expect(animator.value(for: .x, at: ms(100)) == nil)
        #expect(animator.takeCompleted(by: sec(1)).isEmpty)
    }

    @Test func colourAnimates() throws {
        var animator = TestAnimator()
        let gray = PaletteColor.gray.color
        let yellow = PaletteColor.yellow.color
        animator.start(.tint, from: .color(gray), to: .color(yellow), at: .zero, duration: ms(300), curve: .linear)
        #expect(animator.value(for: .tint, at: .zero)?.color?.hex == "#B2B2B2")
        // Half way from (178, 178, 178) to (254, 202, 22) is (216, 190, 100).
        let mid = try #require(animator.value(for: .tint, at: ms(150))?.color)
        #expect(mid.hex == "#D8BE64")
        #expect(abs(mid.red - 216) < 1e-9 && abs(mid.green - 190) < 1e-9 && abs(mid.blue - 100) < 1e-9)
        #expect(animator.value(for: .tint, at: ms(300))?.color?.hex == "#FECA16")
    }

    @Test func rotationAndScaleAnimate() throws {
        var animator = TestAnimator()
        animator.start(.rotation, from: .scalar(0), to: .scalar(Double.pi), at: .zero, duration: sec(1), curve: .linear)
        animator.start(.scale, from: .scalar(1), to: .scalar(0.5), at: ms(500), duration: sec(1), curve: .linear)
        let rotation = try #require(animator.value(for: .rotation, at: ms(250))?.scalar)
        #expect(abs(rotation - Double.pi / 4) < 1e-12)
        let scale = try #require(animator.value(for: .scale, at: sec(1))?.scalar)
        #expect(abs(scale - 0.75) < 1e-12)
        #expect(animator.value(for: .scale, at: ms(400)) == .scalar(1))
    }

    @Test func springDurationIsItsSettlingTime() throws {
        var animator = TestAnimator()
        let spring = Spring(dampingRatio: 0.5, response: 0.4)
        let animation = animator.start(
            .x, from: .scalar(0), to: .scalar(100), at: sec(2), duration: ms(300),
            curve: .spring(spring), completion: "spring")
        // Not the requested 0.3 s: the spring lasts until it settles, 0.897837128 s for ζ 0.5, response 0.4.
        #expect(animation.duration == Ticks(nanoseconds: 897_837_128))
        #expect(animation.end == sec(2) + Ticks(nanoseconds: 897_837_128))
        // It overshoots 100 on the way, is within 0.1% of the distance just before the end, and exactly 100 at it.
        let overshoot = (0...900).compactMap { animator.value(for: .x, at: sec(2) + ms(Int64($0)))?.scalar }.max()!
        #expect(overshoot > 110)
        let nearEnd = try #require(animator.value(for: .x, at: animation.end - Ticks(nanoseconds: 1))?.scalar)
        #expect(abs(nearEnd - 100) < 0.1001)
        #expect(animator.value(for: .x, at: animation.end) == .scalar(100))
        #expect(animator.takeCompleted(by: animation.end).map(\.completion) == ["spring"])
    }

    @Test func overDampedSpringDurationIsItsSettlingTimeToo() {
        var animator = TestAnimator()
        let spring = Spring(dampingRatio: 2, response: 0.5)
        let animation = animator.start(
            .x, from: .scalar(0), to: .scalar(1), at: .zero, duration: sec(5), curve: .spring(spring))
        #expect(animation.duration == Ticks(seconds: spring.settlingDuration))
        #expect(animation.duration < sec(5))
        #expect(abs(spring.displacement(at: animation.duration.seconds)) < Spring.settleThreshold * 1.0001)
    }

    @Test func serialsCountCreations() {
        var animator = TestAnimator()
        let a = animator.start(.x, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(1), curve: .linear)
        let b = animator.start(.x, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(1), curve: .linear)
        let c = animator.start(.y, from: .scalar(0), to: .scalar(1), at: .zero, duration: ms(1), curve: .linear)
        #expect([a.serial, b.serial, c.serial] == [0, 1, 2])
    }
}

/// Interpolation of the values animations carry.
@Suite struct AnimatableValueTests {
    @Test func scalarsInterpolateAndExtrapolate() {
        #expect(AnimatableValue.scalar(10).interpolated(to: .scalar(20), 0.25) == .scalar(12.5))
        // A spring's progress may pass 1 or fall below 0.
        #expect(AnimatableValue.scalar(0).interpolated(to: .scalar(100), 1.2) == .scalar(120))
        #expect(AnimatableValue.scalar(0).interpolated(to: .scalar(100), -0.1) == .scalar(-10))
    }

    @Test func coloursMixChannelByChannel() {
        let red = Color(rgb: 0xE73D0E)
        let green = Color(rgb: 0x55D550)
        #expect(AnimatableValue.color(red).interpolated(to: .color(green), 0) == .color(red))
        #expect(AnimatableValue.color(red).interpolated(to: .color(green), 1).color?.hex == "#55D550")
        // (231, 61, 14) → (85, 213, 80) at 0.25: (194.5, 99, 30.5) → rounded half away from zero: C3 63 1F.
        #expect(AnimatableValue.color(red).interpolated(to: .color(green), 0.25).color?.hex == "#C3631F")
    }

    @Test func descriptions() {
        #expect(AnimatableValue.scalar(-320).description == "-320")
        #expect(AnimatableValue.scalar(0.5).description == "0.5")
        #expect(AnimatableValue.color(Color(rgb: 0xFECA16)).description == "#FECA16")
    }
}

/// The animator past its switch from a scan to a dictionary (more than 16 animations at once) and back
/// (below 8), against a plain reference model, at every step of seeded random starts, stops and advances.
@Suite struct AnimatorIndexTests {
    struct Reference {
        struct Entry { var from: Double, to: Double, start: Int64, duration: Int64, serial: Int }
        var running: [Int: Entry] = [:]
        var serial = 0

        func value(_ key: Int, at now: Int64) -> Double? {
            guard let e = running[key] else { return nil }
            let p = min(1, max(0, Double(now - e.start) / Double(e.duration)))
            return e.from + (e.to - e.from) * p
        }
        var nextEnd: Int64? { running.values.map { $0.start + $0.duration }.min() }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func agreesWithAPlainModel(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var animator = Animator<Int, Int>()
        var reference = Reference()
        var now: Int64 = 0
        var maxRunning = 0
        var backBelowEight = false
        for step in 0..<3_000 {
            // Mostly starts while few run, mostly stops and advances once many do: up past 16 and back down.
            let crowded = reference.running.count > (step / 300 % 2 == 0 ? 30 : 4)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5 where !crowded:
                let key = Int.random(in: 0..<60, using: &random)
                let duration = Int64.random(in: 1...5_000, using: &random) * 1_000_000
                let from = Double(Int.random(in: -300...300, using: &random))
                let to = Double(Int.random(in: -300...300, using: &random))
                animator.start(
                    key, from: .scalar(from), to: .scalar(to), at: Ticks(nanoseconds: now),
                    duration: Ticks(nanoseconds: duration), curve: .linear, completion: reference.serial)
                reference.running[key] = .init(
                    from: from, to: to, start: now, duration: duration, serial: reference.serial)
                reference.serial += 1
            case 0..<7:
                let key = Int.random(in: 0..<60, using: &random)
                #expect((animator.remove(key) != nil) == (reference.running.removeValue(forKey: key) != nil))
            default:
                now += Int64.random(in: 0...100, using: &random) * 1_000_000
                let done = animator.takeCompleted(by: Ticks(nanoseconds: now))
                let expected = reference.running.filter { $0.value.start + $0.value.duration <= now }
                    .sorted {
                        ($0.value.start + $0.value.duration, $0.value.serial) < (
                            $1.value.start + $1.value.duration, $1.value.serial
                        )
                    }
                #expect(done.map(\.key) == expected.map(\.key), "step \(step): completions in end, then creation order")
                for (key, _) in expected { reference.running[key] = nil }
            }
            maxRunning = max(maxRunning, reference.running.count)
            if maxRunning > 16 && reference.running.count < 8 { backBelowEight = true }
            #expect(animator.nextEnd?.nanoseconds == reference.nextEnd, "step \(step)")
            for key in 0..<60 {
                let value = animator.value(for: key, at: Ticks(nanoseconds: now))?.scalar
                let expected = reference.value(key, at: now)
                #expect(
                    (value == nil) == (expected == nil) && abs((value ?? 0) - (expected ?? 0)) < 1e-6,
                    "step \(step), key \(key)")
            }
        }
        #expect(maxRunning > 16, "the walk never passed the switch to the dictionary")
        #expect(backBelowEight, "the walk never came back to scanning")
    }
}
