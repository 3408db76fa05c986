// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/IconRule.swift.txt is the link. It names `SwipeZone` and `IconFade`, which the
// exported file declares with the model's cases.
// BEGIN EXPORTED RULE
/// The icon behind a row (SPEC §2): its alpha fades in up to the near threshold (or over a fixed range of |x|), and
/// it is pinned in from the screen's edge until the near threshold, then follows the row's edge.
enum IconRule {
    /// The icon's alpha in `zone` at offset `x`: |x| / the near threshold of x's side in a peek, 1 beyond, 0 at
    /// rest (`IconFade.near`); or 0 up to |x| = start, linear to 1 at end, in every zone but rest (`.range`).
    static func alpha(_ zone: SwipeZone, x: Double, fade: IconFade, leftNear: Double, rightNear: Double) -> Double {
        if zone != .rest, case let .range(start, end) = fade { return rangeAlpha(abs(x), start: start, end: end) }
        return nearAlpha(zone, x: x, near: zone.side < 0 ? leftNear : rightNear)
    }

    /// The alpha under `IconFade.near`: 0 at rest, |x| / `near` in a peek (at most 1), 1 in an action's zone.
    static func nearAlpha(_ zone: SwipeZone, x: Double, near: Double) -> Double {
        switch zone {
        case .rest: 0
        case .laterPeek, .archivePeek: min(1, abs(x) / near)
        case .later, .list, .archive, .delete: 1
        }
    }

    /// The alpha under `IconFade.range`: 0 up to |x| = `start`, linear to 1 at `end`, 1 beyond.
    static func rangeAlpha(_ distance: Double, start: Double, end: Double) -> Double {
        min(1, max(0, (distance - start) / (end - start)))
    }

    /// The icon's centre x in `zone` at offset `x`: `rest` in from the screen's edge before the near threshold,
    /// then `follow` behind the row's edge.
    static func x(_ zone: SwipeZone, x: Double, screenWidth: Double, rest: Double, follow: Double) -> Double {
        switch zone {
        case .rest, .laterPeek: screenWidth - rest
        case .archivePeek: rest
        case .later, .list: screenWidth + follow + x
        case .archive, .delete: x - follow
        }
    }
}
// END EXPORTED RULE
