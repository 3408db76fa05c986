/// How the session rounds the numbers it makes before they become script lines (docs/playground.md, "Readable
/// lines"): the phones are given the rounded value, so the line is both short and exactly what ran.
enum LineRounding {
    /// A drag's translation, in points: to the nearest half point (a finger's pixels map onto the 320-point screen
    /// as fractions of a point; half a point is under one pixel of a phone's screen).
    static func translation(_ points: Double) -> Double { (points * 2).rounded() / 2 }

    /// A release's velocity, in points a second: to the nearest whole one (never −0, which would print as `-0`).
    static func velocity(_ pointsPerSecond: Double) -> Double {
        let whole = pointsPerSecond.rounded()
        return whole == 0 ? 0 : whole
    }

    /// A duration of the clock, from nanoseconds (never negative) to the nearest whole millisecond.
    static func milliseconds(nanoseconds: Int64) -> Int64 {
        nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 >= 500_000 ? 1 : 0)
    }
}
