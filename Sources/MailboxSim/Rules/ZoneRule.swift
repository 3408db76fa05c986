// The hand-off embeds the lines between the two markers below, as they are, in every Swift file `mailsim export
// swift` writes (Sources/MailboxHandoff/Embedded/ZoneRule.swift.txt is a link to this file), as it embeds
// CurveMath: the exported zones are this code, not a copy of it. So the part between the markers uses nothing but
// the standard library, takes plain numbers, and names no type but `SwipeZone` (the exported file's `Zone`).
// BEGIN EXPORTED RULE
/// Which zone a row's offset x falls in (SPEC §2): gray before the near threshold of x's side, the near action's
/// zone from it, the far action's from the far threshold; a side's zones start at its thresholds, or (strict) only
/// beyond them.
enum ZoneRule {
    /// The zone of offset `x` with the near and far thresholds of each side, in points of |x|.
    static func zone(
        at x: Double, leftNear: Double, leftFar: Double, leftStrict: Bool, rightNear: Double, rightFar: Double,
        rightStrict: Bool
    ) -> SwipeZone {
        if x == 0 { return .rest }
        let distance = abs(x)
        if x < 0 {
            return isShort(distance, of: leftNear, strict: leftStrict)
                ? .laterPeek : isShort(distance, of: leftFar, strict: leftStrict) ? .later : .list
        }
        return isShort(distance, of: rightNear, strict: rightStrict)
            ? .archivePeek : isShort(distance, of: rightFar, strict: rightStrict) ? .archive : .delete
    }

    /// Whether |x| = `distance` is short of `threshold`: below it, or (strict) at it too.
    static func isShort(_ distance: Double, of threshold: Double, strict: Bool) -> Bool {
        strict ? distance <= threshold : distance < threshold
    }
}
// END EXPORTED RULE
