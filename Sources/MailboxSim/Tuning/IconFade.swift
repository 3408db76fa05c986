/// How an icon's alpha follows a row's offset: SPEC's ramp to the near threshold, or a fixed range of |x|.
public enum IconFade: Equatable, Sendable {
    /// SPEC §2: |x| / near in the gray zone, 1 from the near threshold on.
    case near
    /// 0 up to |x| = start, linear to 1 at |x| = end, 1 beyond, in every zone of the side (0 ≤ start < end).
    case range(start: Double, end: Double)

    /// The alpha at distance |x| = `distance` under a range (nil under `near`, which the zone decides).
    @inline(__always)
    public func alpha(at distance: Double) -> Double? {
        guard case let .range(start, end) = self else { return nil }
        return IconRule.rangeAlpha(distance, start: start, end: end)
    }
}
