/// The one place a floating-point number becomes an `Int` (docs/playground.md, "Numbers at 32 and 64 bits").
///
/// Swift's `Int(_:)` stops the process on NaN, an infinity or a value the type cannot hold, and `Int` is 64 bits
/// natively but 32 in the page's WebAssembly: a conversion that is safe on one may trap on the other. Every
/// conversion of a computed or received `Double` goes through one of these two, which are total and give the same
/// answer on both (the bounds are compared as `Double`s before anything is converted). `WholeNumberTests` greps the
/// shared sources for any other.

/// `value` if it is a whole number within `range`, else nil (NaN, an infinity, a fraction, or out of the range):
/// for a count a message or a line gives (`"messages": 4294967296` is refused alike at 32 and at 64 bits).
public func wholeNumber(_ value: Double, in range: ClosedRange<Int>) -> Int? {
    guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
        return nil
    }
    // Within a range of Ints, so it converts; `exactly` makes the check a second time, not a trap.
    return Int(exactly: value)
}

/// `value` rounded toward zero and clamped to ±`bound`, NaN as 0: for turning a computed position into a column
/// or a count, where it may be anything. The default bound is `Int32.max`, the page's largest `Int`, so that the
/// answer is the same at 32 and at 64 bits.
public func clampedInt(_ value: Double, bound: Int = Int(Int32.max)) -> Int {
    guard !value.isNaN else { return 0 }
    let limit = Double(bound)
    if value >= limit { return bound }
    if value <= -limit { return -bound }
    // |value| < bound: it fits, on either platform.
    return Int(exactly: value.rounded(.towardZero)) ?? 0
}

/// `value` rounded toward zero and clamped to `Int64`'s range, NaN as 0: for a computed count of nanoseconds,
/// milliseconds or frames, which is 64 bits on every platform.
public func clampedInt64(_ value: Double) -> Int64 {
    guard !value.isNaN else { return 0 }
    // 2⁶³ is exactly representable; anything at or past it does not fit.
    if value >= 9_223_372_036_854_775_808.0 { return .max }
    if value <= -9_223_372_036_854_775_808.0 { return .min }
    return Int64(exactly: value.rounded(.towardZero)) ?? 0
}
