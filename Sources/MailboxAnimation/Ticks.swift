import MailboxText

/// Exact virtual time: a signed count of nanoseconds, used both for instants and for spans.
public struct Ticks: Hashable, Comparable, Sendable {
    /// Nanoseconds.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Ticks(nanoseconds: 0)
    public static let perSecond: Int64 = 1_000_000_000
    /// The latest instant the clock can reach (about 292 years).
    public static let max = Ticks(nanoseconds: .max)

    /// The nearest tick to `seconds`, saturating: past the clock's range either way it is the end of the
    /// range, and NaN (no time at all) is zero. Total, so no computed number can stop the process here.
    public init(seconds: Double) {
        self.nanoseconds = Ticks.saturating(seconds * Double(Ticks.perSecond))
    }

    /// `value` rounded to the nearest whole number of nanoseconds, clamped to `Int64`'s range; NaN is 0.
    static func saturating(_ value: Double) -> Int64 {
        clampedInt64(value.rounded())
    }

    /// Whole milliseconds, for durations written in code.
    public static func milliseconds(_ ms: Int64) -> Ticks { Ticks(nanoseconds: ms * 1_000_000) }

    public var seconds: Double { Double(nanoseconds) / Double(Ticks.perSecond) }

    public static func < (a: Ticks, b: Ticks) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: Ticks, b: Ticks) -> Ticks { Ticks(nanoseconds: a.nanoseconds + b.nanoseconds) }
    public static func - (a: Ticks, b: Ticks) -> Ticks { Ticks(nanoseconds: a.nanoseconds - b.nanoseconds) }
    public static func += (a: inout Ticks, b: Ticks) { a = a + b }

    /// `self + span`, or nil when the sum would overflow the clock.
    public func adding(_ span: Ticks) -> Ticks? {
        let (sum, overflow) = nanoseconds.addingReportingOverflow(span.nanoseconds)
        return overflow ? nil : Ticks(nanoseconds: sum)
    }

    /// Seconds as an exact decimal with trailing zeros trimmed: `0.3`, `1.7`, `12`.
    public var decimalSeconds: String {
        let negative = nanoseconds < 0
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / UInt64(Ticks.perSecond)
        var fraction = magnitude % UInt64(Ticks.perSecond)
        var text = (negative ? "-" : "") + String(whole)
        guard fraction != 0 else { return text }
        var digits = 9
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let raw = String(fraction)
        text += "." + String(repeating: "0", count: digits - raw.count) + raw
        return text
    }

    /// Seconds rounded to the millisecond, trailing zeros trimmed: `0.3`, `1.067`, `12`. What reports print
    /// (`state`, the timeline): a value read, not compared (messages, `--json` and `save` use `decimalSeconds`).
    public var roundedSeconds: String {
        // Rounded half away from zero, on the magnitude so that no instant overflows.
        let m = (nanoseconds.magnitude + 500_000) / 1_000_000
        let negative = nanoseconds < 0 && m > 0
        var text = (negative ? "-" : "") + String(m / 1000)
        var fraction = m % 1000
        guard fraction != 0 else { return text }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let raw = String(fraction)
        text += "." + String(repeating: "0", count: digits - raw.count) + raw
        return text
    }

    /// Seconds with exactly three decimals, for aligned columns: `0.300`.
    public var fixedSeconds: String {
        // Rounded half away from zero, on the magnitude so that no instant overflows.
        let m = (nanoseconds.magnitude + 500_000) / 1_000_000
        let negative = nanoseconds < 0 && m > 0
        let frac = String(m % 1000)
        return (negative ? "-" : "") + String(m / 1000) + "." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
