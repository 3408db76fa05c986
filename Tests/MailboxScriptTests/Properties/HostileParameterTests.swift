import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// No input kills the process. Random finite parameters at the ends of their ranges and
/// gestures with extreme numerals (`HostileGenerator`): every line ends in a result or a refusal, a refusal
/// changes nothing, the state's invariants hold, and no number printed has an exponent or is not finite.
/// Seeded, so that a failure replays from its seed.
@Suite struct HostileParameterTests {
    /// 40 seeds of 300 lines (about a second in the debug build); `HOSTILE_SEEDS=N` runs N for a longer search.
    static let seeds: [UInt64] = Array(1...(getenv("HOSTILE_SEEDS").flatMap { UInt64(String(cString: $0)) } ?? 40))

    @Test(arguments: seeds)
    func hostileSessionsKeepEveryPromise(seed: UInt64) {
        #expect(robustnessProblems(hostileChoices: [], seed: seed, steps: 300) == [])
    }

    /// The crashes these parameters once caused, on every curve role and every profile: each ends in a result.
    @Test(arguments: AnimationRole.allCases)
    func aSpringThatBarelyDampsLastsAtMostAnHour(role: AnimationRole) throws {
        for profile in Profile.allCases {
            var session = Session()
            for line in [
                "set profile \(profile.rawValue)", "set curve.\(role.rawValue) spring 0.000000001 60",
                "tap menu", "settle", "tap menu", "settle", "pan msg1 -300", "release 1000000", "settle",
                "tap cancel", "settle", "pan msg2 100", "release -1000000", "settle", "shake", "tap undo",
                "settle", "compose", "settle", "tap cancel", "settle", "tap segment later", "settle"
            ] {
                _ = try? session.execute(.line(line[...]))
                #expect(Invariants.problems(session.screen) == [], "\(profile) \(role) \(line)")
            }
            for animation in session.screen.timeline.entries {
                if case .animation(_, _, _, let duration, _) = animation.kind {
                    #expect(duration <= Ticks(seconds: Spring.longestSettlingDuration))
                }
            }
        }
    }

    @Test(arguments: [150, 20, 300, 320])
    func aFastReleaseOverAVanishingDistance(zeros: Int) throws {
        for profile in ["mcswipe", "swipecellkit", "mailbox", "itemtouchhelper"] {
            var session = Session()
            for line in [
                "set profile \(profile)", "set curve.snap spring 0.5 0.4", "set curve.slide spring 0.5 0.4",
                "pan msg1 -0.\(String(repeating: "0", count: zeros))1", "release 1000000"
            ] {
                _ = try? session.execute(.line(line[...]))
            }
            let timeline = try session.execute(.line("timeline"))
            let lines = TextRenderer.lines(try #require(timeline.report))
            #expect(lines.allSatisfy { badNumber(in: $0) == nil }, "\(lines)")
            _ = try? session.execute(.line("settle"))
            #expect(Invariants.problems(session.screen) == [])
        }
    }

    @Test func ticksFromAnyNumberSaturate() {
        #expect(Ticks(seconds: .infinity) == .max)
        #expect(Ticks(seconds: -.infinity) == Ticks(nanoseconds: .min))
        #expect(Ticks(seconds: .nan) == .zero)
        #expect(Ticks(seconds: 1e300) == .max)
        #expect(Ticks(seconds: 9_223_372_036.854775807) == .max)
        #expect(Ticks(seconds: 0.3) == .milliseconds(300))
    }

    @Test func springsAreBounded() {
        let slow = Spring(dampingRatio: 0.000000001, response: 60)
        #expect(slow.settlingDuration == Spring.longestSettlingDuration)
        #expect(slow.isCutShort && !Spring(dampingRatio: 0.5, response: 0.4).isCutShort)
        var session = Session()
        for line in ["set curve.menu spring 0.000000001 60", "tap menu"] { _ = try? session.execute(.line(line[...])) }
        let timeline = (try? session.execute(.line("timeline")).report).flatMap { $0 }.map(TextRenderer.lines) ?? []
        #expect(
            timeline.contains {
                $0.hasSuffix(
                    """
                    spring(damping 0.000000001, response 60, v0 0) until settled within 0.5 and 1/s, cut short: \
                    not settled after 3600s
                    """
                )
            },
            "\(timeline)")
        let fast = Spring(dampingRatio: 0.5, response: 0.4, initialVelocity: .infinity)
        #expect(fast.initialVelocity == Spring.fastestInitialVelocity)
        #expect(fast.settlingDuration.isFinite)
        #expect(Spring(dampingRatio: 0.5, response: 0.4, initialVelocity: .nan).initialVelocity == 0)
        #expect(TimingCurve.spring(slow).duration(requested: .zero) == Ticks(seconds: 3600))
    }

    @Test func numbersNeverPrintAnExponent() {
        for value in [
            1.0000000000000002e+27, 1e300, -1e300, 9e15, 1e16, 123456789012345.678, 1e-300, -1e-20,
            Double.greatestFiniteMagnitude, Double.leastNonzeroMagnitude
        ] {
            for decimals in [0, 3, 6] {
                let text = formatNumber(value, decimals: decimals)
                #expect(badNumber(in: text) == nil && !text.contains("e"), "\(value) → \(text)")
            }
            #expect(!formatExact(value).contains("e"))
        }
        #expect(formatNumber(1.0000000000000002e+27) == "1000000000000000200000000000")
        #expect(formatNumber(1e16) == "10000000000000000")
        #expect(formatNumber(-1e-20) == "0")
    }

    @Test func clampedIntIsTotal() {
        #expect(clampedInt(.nan) == 0)
        #expect(clampedInt(.infinity, bound: 40) == 40)
        #expect(clampedInt(-1e300, bound: 40) == -40)
        #expect(clampedInt(12) == 12)
    }

    /// The text of each report the hostile sessions check: badNumber finds what it must.
    @Test func badNumberFindsExponentsAndNotColours() {
        #expect(badNumber(in: "v0 1.0000000000000002e+27)") != nil)
        #expect(badNumber(in: "x 2E-8") != nil)
        #expect(badNumber(in: "x inf") != nil)
        #expect(badNumber(in: "color #1E2E3E easeIn msg1 1e") == nil)
        #expect(badNumber(in: "spring(damping 0.5, response 0.4, v0 1000000000)") == nil)
    }
}
