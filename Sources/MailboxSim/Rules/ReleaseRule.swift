// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/ReleaseRule.swift.txt is the link.
// BEGIN EXPORTED RULE
/// What lifting the finger from a row decides (the reducer's release and accessibility actions): the zone at
/// release, unless the escape velocity commits a release before the near threshold to the near action; the
/// zone's outcome then sends the row back to 0 or out to its side.
enum ReleaseRule {
    /// The zone that decides a release of a row at `x` (in `zone` there) moving at `velocity` points a second: with
    /// `escapeVelocity` above 0, a release before the near threshold at least that fast the way x points escapes to
    /// the near action on x's side.
    static func decision(at x: Double, in zone: SwipeZone, velocity: Double, escapeVelocity: Double)
        -> (zone: SwipeZone, escaped: Bool)
    {
        if escapeVelocity > 0, zone.level == 0, x != 0, velocity * x > 0, abs(velocity) >= escapeVelocity {
            return (nearAction(sign: x), true)
        }
        return (zone, false)
    }

    /// The zone of the near action on the side of `sign`.
    static func nearAction(sign: Double) -> SwipeZone { sign < 0 ? .later : .archive }

    /// Where the row's x goes: 0 when the outcome snaps it back, else where a row that leaves by `side` ends.
    static func target(snapsBack: Bool, side: Double, screenWidth: Double, overshoot: Double) -> Double {
        snapsBack ? 0 : slideEnd(side, screenWidth: screenWidth, overshoot: overshoot)
    }

    /// Where a row that slides out by `side` (−1 left, +1 right) ends, and where an undone one slides back in
    /// from: ±(screen width + overshoot).
    static func slideEnd(_ side: Double, screenWidth: Double, overshoot: Double) -> Double {
        side * (screenWidth + overshoot)
    }
}
// END EXPORTED RULE
