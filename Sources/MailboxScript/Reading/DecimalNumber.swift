import MailboxAnimation
import MailboxText

/// A number as scripts write it: decimal, optional sign and fraction, no exponent; kept exact for time.
///
/// Two readers make one: `parse` here, which reads any word and explains every refusal, and the fast path's
/// `DecimalNumber.readFast` (FastPath/FastNumber.swift), which reads the common short number from a line's bytes
/// and declines the rest; `FastParserAgreementTests` holds the two to the same value, bit for bit.
public struct DecimalNumber: Equatable, Sendable {
    public let value: Double
    public let negative: Bool
    /// Digits before the point, at most 15 of them.
    public let whole: UInt64
    /// The digits after the point as whole nanoseconds: the first nine, rounded half up at the tenth (time is kept
    /// exact in nanoseconds; `ticks`).
    public let fractionNanoseconds: UInt64
    /// Whether a digit after the point is not zero (`integer`).
    public let hasFraction: Bool

    init(value: Double, negative: Bool, whole: UInt64, fractionNanoseconds: UInt64, hasFraction: Bool) {
        self.value = value
        self.negative = negative
        self.whole = whole
        self.fractionNanoseconds = fractionNanoseconds
        self.hasFraction = hasFraction
    }

    /// Parses `text`, or explains why it is not a decimal number.
    public static func parse(_ text: Substring) throws(ScriptError) -> DecimalNumber {
        var rest = text
        var negative = false
        if let sign = rest.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            rest = rest.dropFirst()
        }
        let point = rest.firstIndex(of: ".")
        let wholeDigits = rest[..<(point ?? rest.endIndex)]
        let fraction = point.map { rest[rest.index(after: $0)...] } ?? ""
        let isDigits: (Substring) -> Bool = { $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        guard isDigits(wholeDigits), isDigits(fraction), !(wholeDigits.isEmpty && fraction.isEmpty) else {
            let lower = text.lowercased()
            if lower.containsText("nan") || lower.containsText("inf") {
                throw .notFinite(String(text))
            }
            if lower.contains("e"), Double(String(text)) != nil {
                throw .numberOutOfRange(String(text), exponent: true)
            }
            throw .notANumber(String(text))
        }
        let significant = wholeDigits.drop { $0 == "0" }
        guard significant.count <= 15 else { throw .numberOutOfRange(String(text), exponent: false) }
        let whole = UInt64(significant.isEmpty ? "0" : String(significant))!
        // The standard library's conversion: the nearest double, as strtod gives.
        let value = Double(String(text.hasPrefix("+") ? text.dropFirst() : text)) ?? 0
        // The first nine digits after the point are the nanoseconds; the tenth rounds them, half up.
        var nanoseconds: UInt64 = 0
        var count = 0
        var roundsUp = false
        for byte in fraction.utf8 {
            let digit = UInt64(byte - 48)
            if count < 9 { nanoseconds = nanoseconds * 10 + digit } else if count == 9 { roundsUp = digit >= 5 }
            count += 1
        }
        while count < 9 {
            nanoseconds *= 10
            count += 1
        }
        return DecimalNumber(
            value: value, negative: negative, whole: whole,
            fractionNanoseconds: nanoseconds + (roundsUp ? 1 : 0),
            hasFraction: fraction.utf8.contains { $0 != 48 })
    }

    /// The number as exact nanoseconds (rounded half up at the tenth decimal), or nil past the clock's range.
    public var ticks: Ticks? {
        let nanos = fractionNanoseconds
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: UInt64(Ticks.perSecond))
        guard !overflow, scaled <= UInt64(Int64.max) - nanos else { return nil }
        let magnitude = Int64(scaled + nanos)
        return Ticks(nanoseconds: negative ? -magnitude : magnitude)
    }

    /// The number as a whole number, or nil when it has a non-zero fraction.
    public var integer: Int? {
        // nil past this platform's Int: a caller holds it to a range well inside 32 bits (`wholeNumber` kinds).
        guard !hasFraction, let magnitude = Int(exactly: whole) else { return nil }
        return negative ? -magnitude : magnitude
    }
}
