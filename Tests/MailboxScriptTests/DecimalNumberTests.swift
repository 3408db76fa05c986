import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §4: numbers are decimal with an optional sign and fraction; a number that is not finite or is
/// out of range is refused. Durations are kept exact as ticks.
@Suite struct DecimalNumberTests {
    @Test(arguments: [
        ("0", 0.0), ("180", 180), ("-180", -180), ("+180", 180), ("0.3", 0.3), ("-0.5", -0.5), ("+1.25", 1.25),
        (".5", 0.5), ("-.5", -0.5), ("5.", 5), ("007", 7), ("-0", 0), ("10000", 10_000),
        ("999999999999999", 999_999_999_999_999), ("0.000000001", 1e-9), ("1000000000", 1e9),
        ("000000000000000000001", 1)
    ])
    func parsesDecimals(_ text: String, _ value: Double) throws {
        let number = try DecimalNumber.parse(text[...])
        #expect(number.value == value)
        #expect(number.negative == text.hasPrefix("-"))
    }

    @Test func keepsTheDigits() throws {
        let number = try DecimalNumber.parse("-12.0340")
        #expect(number.negative && number.whole == 12 && number.fractionNanoseconds == 34_000_000 && number.hasFraction)
        #expect(number.value == -12.034)
    }

    @Test(arguments: [
        ("0.3", Int64(300_000_000)), ("0.1", 100_000_000), ("1.7", 1_700_000_000), ("12", 12_000_000_000),
        ("0.000000001", 1), ("0.0000000005", 1), ("0.00000000049", 0), ("0.1234567894", 123_456_789),
        ("0.1234567895", 123_456_790), ("-0.25", -250_000_000), ("+2.5", 2_500_000_000),
        ("1000000000", 1_000_000_000_000_000_000), ("9223372036.854775807", Int64.max),
        ("0", 0), ("-0", 0), ("3.", 3_000_000_000)
    ])
    func exactTicks(_ text: String, _ nanoseconds: Int64) throws {
        let ticks = try #require(try DecimalNumber.parse(text[...]).ticks)
        #expect(ticks.nanoseconds == nanoseconds)
    }

    @Test func threeTenthsAsTicksAddToNineTenths() throws {
        let step = try #require(try DecimalNumber.parse("0.3").ticks)
        #expect(step + step + step == (try DecimalNumber.parse("0.9").ticks))
    }

    @Test(arguments: ["9223372036.854775808", "9999999999", "999999999999999"])
    func ticksPastTheClockAreNil(_ text: String) throws {
        #expect(try DecimalNumber.parse(text[...]).ticks == nil)
    }

    @Test(arguments: [("20", 20), ("20.0", 20), ("-3", -3), ("+7", 7), ("0", 0), ("500.000", 500)])
    func wholeNumbers(_ text: String, _ value: Int) throws {
        #expect(try DecimalNumber.parse(text[...]).integer == value)
    }

    @Test(arguments: ["2.5", "0.001", "-1.1"])
    func fractionsAreNotWholeNumbers(_ text: String) throws {
        #expect(try DecimalNumber.parse(text[...]).integer == nil)
    }

    // MARK: Refusals

    static func message(_ text: String) -> String? {
        do {
            _ = try DecimalNumber.parse(text[...])
            return nil
        } catch { return error.message }
    }

    @Test(arguments: ["nan", "NaN", "-nan", "inf", "-inf", "+inf", "Infinity", "-INFINITY"])
    func notFinite(_ text: String) {
        #expect(Self.message(text) == "'\(text)' is not a finite number")
    }

    @Test(arguments: ["1e308", "1E308", "-1e308", "1e-5", "2.5e3"])
    func exponentsAreRefused(_ text: String) {
        #expect(Self.message(text) == "'\(text)' is out of range (write numbers as plain decimals, like 0.3 or -180)")
    }

    @Test(arguments: [
        "", "1.2.3", "abc", ".", "-", "+", "--1", "+-1", "1,5", "1 000", "0x10", "1e", "½", "١", "1_000", " 1", "1-"
    ])
    func notANumber(_ text: String) {
        #expect(Self.message(text) == "\(quoted(text)) is not a number")
    }

    @Test(arguments: ["1000000000000000", "-1000000000000000", "99999999999999999999.5"])
    func tooManyDigits(_ text: String) {
        #expect(Self.message(text) == "'\(text)' is out of range")
    }
}
