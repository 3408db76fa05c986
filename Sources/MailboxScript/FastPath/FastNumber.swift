extension DecimalNumber {
    /// The fast path's number reader: the common number read straight from a word's bytes, `[+-]digits[.digits]`
    /// with at most 15 digits in all and at most 9 after the point, so every digit is exact in a Double's
    /// mantissa and in nanoseconds and no sum overflows (one correctly rounded division: the double strtod
    /// gives). Nil for anything else, which makes the fast reader decline the line; `parse` then reads it.
    /// `FastParserAgreementTests` holds it to `parse`, bit for bit, on every number it takes.
    @inline(__always)
    static func readFast(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalNumber? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let count = bytes.count
        var index = 0
        var negative = false
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
            // Past 15 digits `whole` could overflow; such a number is declined below anyway.
            guard index &- wholeStart <= 15 else { return nil }
        }
        let wholeDigits = index &- wholeStart
        var fraction: UInt64 = 0
        var fractionDigits = 0
        if index < count {
            guard base[index] == UInt8(ascii: ".") else { return nil }
            index &+= 1
            while index < count {
                let digit = base[index] &- UInt8(ascii: "0")
                guard digit < 10, fractionDigits < 9 else { return nil }
                fraction = fraction &* 10 &+ UInt64(digit)
                fractionDigits &+= 1
                index &+= 1
            }
        }
        let digits = wholeDigits &+ fractionDigits
        guard digits > 0, digits <= 15 else { return nil }
        var value = Double(whole &* wholePowerOfTen(fractionDigits) &+ fraction) / powerOfTen(fractionDigits)
        if negative { value = -value }
        return DecimalNumber(
            value: value, negative: negative, whole: whole,
            fractionNanoseconds: fraction &* wholePowerOfTen(9 &- fractionDigits), hasFraction: fraction != 0)
    }

    /// 10ⁿ for n from 0 to 9 (a switch of constants: no table to set up at run time).
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

    /// 10ⁿ for n from 0 to 9, exact in a Double.
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
        default: 1e9
        }
    }
}
