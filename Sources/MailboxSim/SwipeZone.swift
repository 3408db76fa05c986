import MailboxAnimation
import MailboxText

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

    /// The zone of offset `x`; zones are closed at their lower bound of |x|.
    public static func at(_ x: Double) -> SwipeZone {
        let distance = abs(x)
        if x == 0 { return .rest }
        if x < 0 {
            return distance < Metrics.shortSwipe ? .laterPeek : distance < Metrics.longSwipe ? .later : .list
        }
        return distance < Metrics.shortSwipe ? .archivePeek : distance < Metrics.longSwipe ? .archive : .delete
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

    /// The icon's alpha at offset `x`: fading in below the first threshold, opaque past it.
    public func iconAlpha(x: Double) -> Double {
        switch self {
        case .rest: 0
        case .laterPeek, .archivePeek: min(1, abs(x) / Metrics.shortSwipe)
        case .later, .list, .archive, .delete: 1
        }
    }

    /// The icon's centre x at offset `x`: pinned 30 pt in from the edge, then 30 pt behind the row's edge.
    public func iconX(x: Double) -> Double {
        switch self {
        case .rest, .laterPeek: Metrics.screenWidth - Metrics.iconInset
        case .archivePeek: Metrics.iconInset
        case .later, .list: Metrics.screenWidth + Metrics.iconInset + x
        case .archive, .delete: x - Metrics.iconInset
        }
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
