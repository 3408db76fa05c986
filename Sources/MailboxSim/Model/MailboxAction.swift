/// What the user (or the clock) did to the screen.
public enum MailboxAction: Equatable, Sendable {
    /// A finger went down on a target.
    case panBegan(PanTarget)
    /// The finger moved: `translation` from where it went down, sampled now.
    case panChanged(translation: Double)
    /// The finger lifted; `velocity` (pt/s) overrides the last sampled one.
    case released(velocity: Double?)
    /// A tap; nil taps whatever is on top.
    case tapped(TapTarget?)
    /// An option picked on the options overlay.
    case chose(String)
    /// The virtual clock moved forward to an instant.
    case clockAdvanced(to: Ticks)
}

/// The named things a tap can hit.
public enum TapTarget: Hashable, Sendable {
    case compose, menu, cancel, undo
    case segment(Segment)

    public var name: String {
        switch self {
        case .compose: "compose"
        case .menu: "menu"
        case .cancel: "cancel"
        case .undo: "undo"
        case .segment(let s): "segment \(s.rawValue)"
        }
    }
}
