import MailboxAnimation
import MailboxSim

/// One question the differential run asks the model and both exports, under tuning `tuning`.
struct HandoffCase {
    var tuning: Int
    var kind: Kind

    enum Kind {
        /// A finger down on a row at rest, moved `translation`: where the row is and what it shows.
        case drag(translation: Double)
        /// The same, then released at `velocity`; the row `elapsed` after the release.
        case release(translation: Double, velocity: Double, elapsed: Ticks)
        /// An edge pan of `translation` released at `velocity`; the content `elapsed` after.
        case menu(translation: Double, velocity: Double, elapsed: Ticks)
        /// A role's curve at `elapsed` of `duration`, a spring starting at `initialVelocity`.
        case curve(role: AnimationRole, elapsed: Ticks, duration: Ticks, initialVelocity: Double)
        /// A row dragged to `first` then `second`: the haptic taps on the way.
        case haptics(first: Double, second: Double)
        /// The last message left by `side` and a shake undoes it; the row `elapsed` after the undo.
        case undo(side: Double, elapsed: Ticks)
    }

    /// The case as one line of the drivers' input: a word for the kind, the tuning, then the numbers, each written
    /// so that it reads back as the same double in Swift and JavaScript.
    var line: String {
        func n(_ v: Double) -> String { "\(v)" }
        func t(_ v: Ticks) -> String { "\(v.seconds)" }
        switch kind {
        case .drag(let translation): return "drag \(tuning) \(n(translation))"
        case let .release(translation, velocity, elapsed):
            return "release \(tuning) \(n(translation)) \(n(velocity)) \(t(elapsed))"
        case let .menu(translation, velocity, elapsed):
            return "menu \(tuning) \(n(translation)) \(n(velocity)) \(t(elapsed))"
        case let .curve(role, elapsed, duration, initialVelocity):
            return "curve \(tuning) \(role.rawValue) \(t(elapsed)) \(t(duration)) \(n(initialVelocity))"
        case let .haptics(first, second): return "haptics \(tuning) \(n(first)) \(n(second))"
        case let .undo(side, elapsed): return "undo \(tuning) \(n(side)) \(t(elapsed))"
        }
    }
}

/// The cases of one run: every boundary of each tuning, then random ones, from a seed.
struct HandoffCases {
    /// Random cases a tuning, besides its boundaries.
    static let randomPerTuning = 6_000

    static func make(tunings: [Settings], seed: UInt64) -> [HandoffCase] {
        var random = SplitMix(seed: seed)
        var cases: [HandoffCase] = []
        for (index, settings) in tunings.enumerated() {
            cases += boundaries(index, settings)
            for _ in 0..<randomPerTuning {
                cases.append(HandoffCase(tuning: index, kind: randomKind(settings, &random)))
            }
        }
        return cases
    }

    /// Every threshold of both sides, exactly and a hair either side, the screen's edge, 0, and releases there at
    /// velocity 0, at ± the escape velocity and at a fast flick; the menu's rules at their numbers; the curves at
    /// their start and end.
    static func boundaries(_ tuning: Int, _ settings: Settings) -> [HandoffCase] {
        var xs: [Double] = [0, -0.0, 320, -320, 319.999, -319.999, 640, -640]
        for side in [settings.thresholds.left, settings.thresholds.right] {
            for threshold in [side.near, side.far] {
                for x in [threshold, threshold.nextUp, threshold.nextDown, threshold + 0.5, threshold - 0.5] {
                    xs += [x, -x]
                }
            }
        }
        if case .range(let start, let end) = settings.iconFade { xs += [start, -start, end, -end] }
        let escape = settings.escapeVelocity
        let velocities: [Double] = [0, escape, -escape, escape.nextDown, -escape.nextDown, 1500, -1500, 12_000]
        let elapsed: [Ticks] = [
            .zero, .milliseconds(1), .milliseconds(150), settings.timings.duration(.slide),
            settings.timings.duration(.snap), .milliseconds(5_000)
        ]
        var cases: [HandoffCase] = xs.map { HandoffCase(tuning: tuning, kind: .drag(translation: $0)) }
        for x in xs {
            for (i, v) in velocities.enumerated() {
                cases.append(
                    HandoffCase(
                        tuning: tuning, kind: .release(translation: x, velocity: v, elapsed: elapsed[i % elapsed.count])
                    ))
            }
        }
        var menuXs: [Double] = [
            0, 1, 160, 320, settings.menuOpenX, settings.menuOpenX / 2, settings.menuOpenX / 2 + 1e-9
        ]
        switch settings.menuRelease {
        case .velocity: break
        case .position(let n), .distance(let n): menuXs += [n, n.nextUp, n.nextDown, -n]
        }
        for x in menuXs {
            for v in [0.0, 1, -1, 800, -800] {
                cases.append(
                    HandoffCase(tuning: tuning, kind: .menu(translation: x, velocity: v, elapsed: .milliseconds(100))))
            }
        }
        for role in AnimationRole.allCases {
            let duration = settings.timings.duration(role)
            for at in [
                Ticks.zero, Ticks(nanoseconds: 1), duration - Ticks(nanoseconds: 1), duration,
                duration + Ticks(nanoseconds: 1)
            ] {
                cases.append(
                    HandoffCase(
                        tuning: tuning, kind: .curve(role: role, elapsed: at, duration: duration, initialVelocity: 0)))
            }
        }
        for side in [-1.0, 1.0] {
            for at in [Ticks.zero, .milliseconds(120), .milliseconds(2_000)] {
                cases.append(HandoffCase(tuning: tuning, kind: .undo(side: side, elapsed: at)))
            }
        }
        return cases
    }

    static func randomKind(_ settings: Settings, _ random: inout SplitMix) -> HandoffCase.Kind {
        let translation = random.double(in: -700...700)
        switch random.below(100) {
        case 0..<30: return .drag(translation: translation)
        case 30..<68:
            let velocity = random.below(10) == 0 ? 0 : random.double(in: -4000...4000)
            return .release(translation: translation, velocity: velocity, elapsed: random.ticks(upTo: 1.5))
        case 68..<82:
            return .menu(
                translation: random.double(in: -40...360),
                velocity: random.below(5) == 0 ? 0 : random.double(in: -2000...2000),
                elapsed: random.ticks(upTo: 1))
        case 82..<97:
            let role = AnimationRole.allCases[random.below(AnimationRole.allCases.count)]
            let duration = settings.timings.duration(role)
            let velocity = random.below(3) == 0 ? 0 : random.double(in: -30...30)
            return .curve(
                role: role, elapsed: random.ticks(upTo: duration.seconds * 1.2), duration: duration,
                initialVelocity: velocity)
        default:
            return .haptics(first: translation, second: random.double(in: -700...700))
        }
    }
}

/// SplitMix64, seeded: the run replays exactly from its seed.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in `range`; one time in eight a whole number, so that exact values come up too.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        let value = range.lowerBound + (range.upperBound - range.lowerBound) * unit
        return below(8) == 0 ? value.rounded() : value
    }

    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    mutating func bool() -> Bool { next() & 1 == 1 }

    /// A whole number of nanoseconds up to `seconds`.
    mutating func ticks(upTo seconds: Double) -> Ticks {
        Ticks(nanoseconds: Int64(next() % UInt64(max(1, seconds * 1e9))))
    }
}
