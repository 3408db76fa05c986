import MailboxAnimation

/// A number as scripts write it: decimal, optional sign and fraction, no exponent; kept exact for time.
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

    /// Parses `text`, or explains why it is not a decimal number.
    public static func parse(_ text: Substring) throws(ScriptError) -> DecimalNumber {
        let scanned = text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? nil
        guard let scanned else { return try parseExplaining(text) }
        return scanned
    }

    /// Parses a word of a line being parsed (the same as `parse(line.text(word))`, read from the bytes).
    static func parse(_ word: LineText.Word, _ line: LineText) throws(ScriptError) -> DecimalNumber {
        guard let scanned = scan(line.bytes(word)) else { return try parseExplaining(line.text(word)) }
        return scanned
    }

    private init(value: Double, negative: Bool, whole: UInt64, fraction: some Sequence<UInt8>) {
        self.value = value
        self.negative = negative
        self.whole = whole
        var nanoseconds: UInt64 = 0, count = 0, nonZero = false, roundsUp = false
        for byte in fraction {
            let digit = UInt64(byte &- 48)
            nonZero = nonZero || digit != 0
            if count < 9 { nanoseconds = nanoseconds * 10 + digit } else if count == 9 { roundsUp = digit >= 5 }
            count += 1
        }
        while count < 9 {
            nanoseconds *= 10
            count += 1
        }
        fractionNanoseconds = nanoseconds + (roundsUp ? 1 : 0)
        hasFraction = nonZero
    }

    /// The common case read straight from the bytes: `[+-]digits[.digits]` with at most 15 significant
    /// whole digits; nil for anything else, which `parseExplaining` reads (and refuses, with a reason).
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        if let short = scanShort(bytes) { return short }
        var index = 0
        let end = bytes.count
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var whole: UInt64 = 0, significant = 0, wholeDigits = 0
        while index < end, let digit = decimalDigit(bytes[index]) {
            wholeDigits += 1
            if significant > 0 || digit > 0 { significant += 1 }
            guard significant <= 15 else { return nil }
            whole = whole &* 10 &+ digit // at most 15 digits: no overflow
            index &+= 1
        }
        var mantissa = whole, mantissaExact = true
        // The fraction's nanoseconds read in the same pass, as `init(value:negative:whole:fraction:)` reads them.
        var fractionDigits = 0, nanoseconds: UInt64 = 0, nonZero = false, roundsUp = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < end, let digit = decimalDigit(bytes[index]) {
                if mantissaExact {
                    let (scaled, overflow) = mantissa.multipliedReportingOverflow(by: 10)
                    if overflow || scaled + digit > 1 << 53 { mantissaExact = false } else { mantissa = scaled + digit }
                }
                if fractionDigits < 9 { nanoseconds = nanoseconds &* 10 &+ digit } else if fractionDigits == 9 { roundsUp = digit >= 5 }
                nonZero = nonZero || digit != 0
                fractionDigits &+= 1
                index &+= 1
            }
        }
        guard index == end, wholeDigits + fractionDigits > 0 else { return nil }
        // Both operands exact, one correctly rounded division: the double strtod would give (Clinger's
        // fast path); past it, the standard library's conversion.
        var value: Double
        if mantissaExact && fractionDigits <= 22 {
            value = Double(mantissa) / powerOfTen(fractionDigits)
            if negative { value = -value }
        } else {
            let unsigned = bytes.first == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: bytes.dropFirst()) : bytes
            value = Double(String(decoding: unsigned, as: UTF8.self)) ?? 0
        }
        if fractionDigits < 9 { nanoseconds &*= wholePowerOfTen(9 &- fractionDigits) }
        return DecimalNumber(value: value, negative: negative, whole: whole,
                             fractionNanoseconds: nanoseconds + (roundsUp ? 1 : 0), hasFraction: nonZero)
    }

    /// `scan` for the common number: at most 15 digits in all, at most 9 of them after the point (so every digit
    /// is exact in a Double's mantissa and in nanoseconds, and no sum overflows); nil for anything else, which
    /// the general `scan` reads (`FastParserAgreementTests` holds both to the explaining reader).
    @inline(__always)
    private static func scanShort(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let count = bytes.count
        var index = 0, negative = false
        if base[0] == UInt8(ascii: "+") || base[0] == UInt8(ascii: "-") {
            negative = base[0] == UInt8(ascii: "-")
            index = 1
        }
        let wholeStart = index
        var whole: UInt64 = 0
        while index < count {
            let digit = base[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            whole = whole &* 10 &+ UInt64(digit)
            index &+= 1
        }
        let wholeDigits = index &- wholeStart
        var fraction: UInt64 = 0, fractionDigits = 0
        if index < count {
            guard base[index] == UInt8(ascii: ".") else { return nil }
            index &+= 1
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                fraction = fraction &* 10 &+ UInt64(digit)
                fractionDigits &+= 1
                index &+= 1
            }
        }
        let digits = wholeDigits &+ fractionDigits
        guard digits > 0, digits <= 15, fractionDigits <= 9 else { return nil }
        var value = Double(whole &* wholePowerOfTen(fractionDigits) &+ fraction) / powerOfTen(fractionDigits)
        if negative { value = -value }
        return DecimalNumber(value: value, negative: negative, whole: whole,
                             fractionNanoseconds: fraction &* wholePowerOfTen(9 &- fractionDigits), hasFraction: fraction != 0)
    }

    /// 10ⁿ for n from 0 to 9.
    private static func wholePowerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        default: 1_000_000_000
        }
    }

    private init(value: Double, negative: Bool, whole: UInt64, fractionNanoseconds: UInt64, hasFraction: Bool) {
        self.value = value
        self.negative = negative
        self.whole = whole
        self.fractionNanoseconds = fractionNanoseconds
        self.hasFraction = hasFraction
    }

    private static func decimalDigit(_ byte: UInt8) -> UInt64? {
        byte >= 48 && byte <= 57 ? UInt64(byte - 48) : nil
    }

    /// 10ⁿ for n from 0 to 22, every one exact in a Double (a switch of constants: no table to set up at run time).
    private static func powerOfTen(_ n: Int) -> Double {
        switch n {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The general reading, which explains every refusal.
    static func parseExplaining(_ text: Substring) throws(ScriptError) -> DecimalNumber {
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
        let value = Double(String(text.hasPrefix("+") ? text.dropFirst() : text)) ?? 0
        return DecimalNumber(value: value, negative: negative, whole: whole, fraction: fraction.utf8)
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
        guard !hasFraction, whole <= UInt64(Int.max) else { return nil }
        return negative ? -Int(whole) : Int(whole)
    }
}
