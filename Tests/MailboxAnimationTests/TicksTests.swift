import MailsimTestSupport
import Testing

@testable import MailboxAnimation

/// SPEC §3: time is exact, kept in integer ticks (nanoseconds), so decimal seconds add up exactly.
@Suite struct TicksTests {
    @Test func secondsBecomeExactNanoseconds() {
        #expect(Ticks(seconds: 0.3).nanoseconds == 300_000_000)
        #expect(Ticks(seconds: 1.7).nanoseconds == 1_700_000_000)
        #expect(Ticks(seconds: 0.1).nanoseconds == 100_000_000)
        #expect(Ticks(seconds: -0.25).nanoseconds == -250_000_000)
        #expect(Ticks(seconds: 1e-9).nanoseconds == 1)
        #expect(Ticks.milliseconds(300) == Ticks(nanoseconds: 300_000_000))
        #expect(Ticks.perSecond == 1_000_000_000)
    }

    @Test func threeTenthsAddToExactlyNineTenths() {
        var clock = Ticks.zero
        for _ in 0..<3 { clock += Ticks(seconds: 0.3) }
        #expect(clock == Ticks(seconds: 0.9))
        #expect(clock.nanoseconds == 900_000_000)
        #expect(clock.decimalSeconds == "0.9")
        // (The floating-point sum 0.3 + 0.3 + 0.3 is 0.8999999999999999, not 0.9.)
        #expect(clock.seconds == 0.9)
    }

    @Test func aFollowUpAt1_7HasCompletedWhenTheClockReads1_7() {
        // 0.5 + 0.3 + 0.3 + 0.3 + 0.3 = 1.7 exactly, as an animation end and as the clock reading.
        var clock = Ticks(seconds: 0.5)
        for _ in 0..<4 { clock += ms(300) }
        #expect(clock == Ticks(seconds: 1.7))
        #expect(clock >= Ticks(seconds: 1.4) + ms(300))
    }

    @Test func arithmeticAndOrder() {
        #expect(ms(700) - ms(300) == ms(400))
        #expect(ms(299) < ms(300))
        #expect(!(ms(300) < ms(300)))
        #expect(max(ms(1), ms(2)) == ms(2))
        #expect(Ticks.zero.seconds == 0)
        #expect(ms(1500).seconds == 1.5)
    }

    @Test func overflowIsDetected() {
        #expect(Ticks.max.adding(Ticks(nanoseconds: 1)) == nil)
        #expect(Ticks.max.adding(.zero) == Ticks.max)
        #expect(Ticks(nanoseconds: .max - 5).adding(Ticks(nanoseconds: 5)) == Ticks.max)
        #expect(Ticks(nanoseconds: .max - 5).adding(Ticks(nanoseconds: 6)) == nil)
        #expect(ms(300).adding(ms(400)) == ms(700))
        // advance 1000000000 nine times fits; the tenth does not (the clock stops at about 292 years).
        let giga = sec(1_000_000_000)
        var clock = Ticks.zero
        for _ in 0..<9 { clock = clock.adding(giga)! }
        #expect(clock.adding(giga) == nil)
    }

    @Test(arguments: [
        (Int64(0), "0"),
        (300_000_000, "0.3"),
        (900_000_000, "0.9"),
        (1_700_000_000, "1.7"),
        (12_000_000_000, "12"),
        (1, "0.000000001"),
        (1_000_000_001, "1.000000001"),
        (10_050_000_000, "10.05"),
        (-500_000_000, "-0.5"),
        (-2_000_000_000, "-2"),
        (Int64.max, "9223372036.854775807"),
        (Int64.min, "-9223372036.854775808")
    ])
    func decimalSeconds(nanoseconds: Int64, text: String) {
        #expect(Ticks(nanoseconds: nanoseconds).decimalSeconds == text)
    }

    @Test(arguments: [
        (Int64(0), "0.000"),
        (300_000_000, "0.300"),
        (1_700_000_000, "1.700"),
        (12_000_000_000, "12.000"),
        (499_999, "0.000"),
        (500_000, "0.001"),
        (1_234_567_890, "1.235"),
        (-1_500_000, "-0.002"),
        (-300_000_000, "-0.300")
    ])
    func fixedSeconds(nanoseconds: Int64, text: String) {
        #expect(Ticks(nanoseconds: nanoseconds).fixedSeconds == text)
    }
}
