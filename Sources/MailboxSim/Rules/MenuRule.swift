// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/MenuRule.swift.txt is the link. It names `MenuRelease` and `MenuStill`, which
// the exported file declares with the model's cases.
// BEGIN EXPORTED RULE
/// The menu (SPEC §2): an edge pan drags the content right, and a release sends it open or closed.
enum MenuRule {
    /// Where the content is (`content.x`) when a pan that began with it at `origin` has moved `translation`: the
    /// finger's x, from closed (0) to the screen's width.
    static func contentX(origin: Double, translation: Double, screenWidth: Double) -> Double {
        min(screenWidth, max(0, origin + translation))
    }

    /// Where released content at `x` goes (`open` or 0): the way the finger was moving, or at velocity 0 the
    /// nearer end (closed at exactly half-way), or closed with `still` `.close`; with `.position(n)`, open from n
    /// on and closed below it; with `.distance(n)`, from closed (`fromClosed`) open when the finger moved more than
    /// n right, from open closed when it moved n or more left.
    static func target(
        x: Double, velocity: Double, translation: Double, fromClosed: Bool, open: Double, release: MenuRelease,
        still: MenuStill
    ) -> Double {
        switch release {
        case .position(let threshold):
            return x >= threshold ? open : 0
        case .distance(let n):
            return (fromClosed ? translation > n : translation > -n) ? open : 0
        case .velocity:
            if velocity > 0 { return open }
            if velocity < 0 { return 0 }
            if still == .close { return 0 }
            return x > open / 2 ? open : 0
        }
    }
}
// END EXPORTED RULE
