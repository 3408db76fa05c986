/// The zone a row's offset x falls in; it decides the colour while dragging and the outcome on release.
public enum SwipeZone: String, CaseIterable, Sendable {
    /// x = 0.
    case rest
    /// −60 < x < 0: gray, the later icon fading in.
    case laterPeek
    /// −260 < x ≤ −60: yellow, later.
    case later
    /// x ≤ −260: brown, list.
    case list
    /// 0 < x < 60: gray, the archive icon fading in.
    case archivePeek
    /// 60 ≤ x < 260: green, archive.
    case archive
    /// x ≥ 260: red, delete.
    case delete

    /// The zone of offset `x` with SPEC's thresholds (60 and 260); zones are closed at their lower bound of |x|.
    public static func at(_ x: Double) -> SwipeZone { at(x, .spec) }

    /// The zone of offset `x` with `thresholds`; zones are closed at their lower bound of |x| unless the side
    /// compares strictly (the rule is `ZoneRule`'s).
    public static func at(_ x: Double, _ thresholds: Thresholds) -> SwipeZone {
        let left = thresholds.left
        let right = thresholds.right
        return ZoneRule.zone(
            at: x, leftNear: left.near, leftFar: left.far, leftStrict: left.bound == .strict,
            rightNear: right.near, rightFar: right.far, rightStrict: right.bound == .strict)
    }

    /// How many thresholds out from rest the zone is, signed by side: 0 at rest and in a peek, ±1 in the
    /// near action's zone, ±2 in the far one's.
    public var level: Int {
        switch self {
        case .rest, .laterPeek, .archivePeek: 0
        case .later: -1
        case .list: -2
        case .archive: 1
        case .delete: 2
        }
    }

    public var background: PaletteColor {
        switch self {
        case .rest, .laterPeek, .archivePeek: .gray
        case .later: .yellow
        case .list: .brown
        case .archive: .green
        case .delete: .red
        }
    }

    public var icon: Icon {
        switch self {
        case .rest: .none
        case .laterPeek, .later: .later
        case .list: .list
        case .archivePeek, .archive: .archive
        case .delete: .delete
        }
    }

    /// The icon's alpha at offset `x`: fading in below the first threshold (|x| / near), opaque past it.
    public func iconAlpha(x: Double, near: Double = Metrics.shortSwipe) -> Double {
        IconRule.nearAlpha(self, x: x, near: near)
    }

    /// The icon's alpha at offset `x` with the near threshold of `thresholds` on x's side.
    public func iconAlpha(x: Double, _ thresholds: Thresholds) -> Double {
        iconAlpha(x: x, near: (side < 0 ? thresholds.left : thresholds.right).near)
    }

    /// The icon's centre x at offset `x`: pinned `rest` in from the edge, then `follow` behind the row's edge.
    public func iconX(x: Double, rest: Double = Metrics.iconInset, follow: Double = Metrics.iconInset) -> Double {
        IconRule.x(self, x: x, screenWidth: Metrics.screenWidth, rest: rest, follow: follow)
    }

    /// What lifting the finger in this zone does.
    public var releaseOutcome: ReleaseOutcome {
        switch self {
        case .rest, .laterPeek, .archivePeek: .snapBack
        case .later: .options(.reschedule)
        case .list: .options(.list)
        case .archive: .hide(to: .archive)
        case .delete: .hide(to: .trash)
        }
    }

    /// Which side a row leaves by in this zone: −1 left, +1 right, 0 none.
    public var side: Double {
        switch self {
        case .rest: 0
        case .laterPeek, .later, .list: -1
        case .archivePeek, .archive, .delete: 1
        }
    }
}

/// What a release does to a row.
public enum ReleaseOutcome: Equatable, Sendable {
    case snapBack
    case options(OverlayKind)
    case hide(to: Folder)
}
