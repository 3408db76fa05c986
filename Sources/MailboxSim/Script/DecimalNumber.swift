/// A number as scripts write it: decimal, optional sign and fraction, no exponent; kept exact for time.
public struct DecimalNumber: Equatable, Sendable {
    public let value: Double
    public let negative: Bool
    /// Digits before the point, at most 15 of them.
    public let whole: UInt64
    /// Digits after the point, as written.
    public let fraction: Substring

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
            if lower.contains("nan") || lower.contains("inf") {
                throw ScriptError("\(quoted(text)) is not a finite number")
            }
            if lower.contains("e"), Double(String(text)) != nil {
                throw ScriptError("\(quoted(text)) is out of range (write numbers as plain decimals, like 0.3 or -180)")
            }
            throw ScriptError("\(quoted(text)) is not a number")
        }
        let significant = wholeDigits.drop { $0 == "0" }
        guard significant.count <= 15 else { throw ScriptError("\(quoted(text)) is out of range") }
        let whole = UInt64(significant.isEmpty ? "0" : String(significant))!
        let value = Double(String(text.hasPrefix("+") ? text.dropFirst() : text)) ?? 0
        return DecimalNumber(value: value, negative: negative, whole: whole, fraction: fraction)
    }

    /// The number as exact nanoseconds (rounded half up at the tenth decimal), or nil past the clock's range.
    public var ticks: Ticks? {
        var nanos: UInt64 = 0
        var digits = fraction.utf8.makeIterator()
        for _ in 0..<9 {
            nanos = nanos * 10 + UInt64((digits.next() ?? 48) - 48)
        }
        if let tenth = digits.next(), tenth >= 53 { nanos += 1 }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: UInt64(Ticks.perSecond))
        guard !overflow, scaled <= UInt64(Int64.max) - nanos else { return nil }
        let magnitude = Int64(scaled + nanos)
        return Ticks(nanoseconds: negative ? -magnitude : magnitude)
    }

    /// The number as a whole number, or nil when it has a non-zero fraction.
    public var integer: Int? {
        guard fraction.allSatisfy({ $0 == "0" }), whole <= UInt64(Int.max) else { return nil }
        return negative ? -Int(whole) : Int(whole)
    }
}
