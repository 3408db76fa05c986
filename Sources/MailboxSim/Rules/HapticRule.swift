// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/HapticRule.swift.txt is the link.
// BEGIN EXPORTED RULE
/// The haptic taps of a dragged row (with haptics on): one at each threshold between the zone it was in and the
/// one it is in, in the order the finger crossed them; light at a near threshold, medium at a far one.
enum HapticRule {
    /// Calls `tap` once for each threshold between zone levels `from` and `to` (`SwipeZone.level`), in order,
    /// with whether it is a far threshold (a medium tap) and where it is as a signed offset x.
    static func taps(
        from: Int, to: Int, leftNear: Double, leftFar: Double, rightNear: Double, rightFar: Double,
        _ tap: (_ far: Bool, _ threshold: Double) -> Void
    ) {
        let step = to > from ? 1 : -1
        var level = from
        while level != to {
            let next = level + step
            let outward = max(abs(level), abs(next))
            let leftSide = level + next < 0
            let threshold = leftSide ? (outward == 1 ? leftNear : leftFar) : (outward == 1 ? rightNear : rightFar)
            tap(outward != 1, leftSide ? -threshold : threshold)
            level = next
        }
    }
}
// END EXPORTED RULE
