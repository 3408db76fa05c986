/// Where the zones of a row change, for each side: near (the first action) and far (the second).
public struct Thresholds: Equatable, Sendable {
    /// Dragging left (x < 0): later at near, list at far.
    public var left: SideThresholds
    /// Dragging right (x > 0): archive at near, delete at far.
    public var right: SideThresholds

    /// SPEC §2: 60 and 260 on both sides.
    public static let spec = Thresholds(left: .spec, right: .spec)

    public init(left: SideThresholds, right: SideThresholds) {
        self.left = left
        self.right = right
    }

    /// The thresholds of the side `x` is on (right for x ≥ 0).
    public func side(of x: Double) -> SideThresholds { x < 0 ? left : right }
}

/// The two thresholds of one side, in points of |x|: 0 < near < far ≤ 320, and whether a zone starts at its
/// threshold or only beyond it.
public struct SideThresholds: Equatable, Sendable {
    public var near: Double
    public var far: Double
    public var bound = ThresholdBound.closed

    public static let spec = SideThresholds(near: Metrics.shortSwipe, far: Metrics.longSwipe)

    public init(near: Double, far: Double) {
        self.near = near
        self.far = far
    }

    /// Why these thresholds cannot work, or nil when 0 < near < far ≤ 320.
    public var problem: ThresholdProblem? {
        if !(near > 0) { return .nearNotPositive(near) }
        if !(near < far) { return .nearNotBelowFar(near: near, far: far) }
        if !(far <= Metrics.slideDistance) { return .farTooFar(far) }
        return nil
    }
}

/// Why a side's thresholds cannot work (they need 0 < near < far ≤ 320).
public enum ThresholdProblem: Equatable, Sendable {
    case nearNotPositive(Double)
    case nearNotBelowFar(near: Double, far: Double)
    case farTooFar(Double)
}
