import MailboxAnimation

/// What the user (or the clock) did to the screen.
public enum MailboxAction: Equatable, Sendable {
    /// A finger went down on a target.
    case panBegan(PanTarget)
    /// The finger moved: `translation` from where it went down, sampled now.
    case panChanged(translation: Double)
    /// A whole `pan`: a finger goes down on `target` (or the one down on it keeps moving) and moves to
    /// `translation` at constant speed over `duration`, sampled at the frame rate; the clock moves with it.
    case panned(PanTarget, translation: Double, duration: Ticks)
    /// The finger lifted; `velocity` (pt/s) overrides the last sampled one.
    case released(velocity: Double?)
    /// A tap; nil taps whatever is on top.
    case tapped(TapTarget?)
    /// An option picked on the options overlay.
    case chose(String)
    /// Text typed into the compose sheet's focused field.
    case typed(String)
    /// The phone was shaken.
    case shaken
    /// The virtual clock moved forward to an instant.
    case clockAdvanced(to: Ticks)
    /// The clock moved on until no animation runs (follow-ups included).
    case settled
    /// `set` changed a setting.
    case settingsChanged(Settings)
    /// An accessibility action on a message: the outcome of a release in that zone, without a gesture.
    case acted(MessageID, AccessibilityAction)
}

/// The named things a tap can hit.
public enum TapTarget: Hashable, Sendable {
    case compose, menu, cancel, undo
    case deleteDraft, keepDraft
    /// A field of the compose sheet: `to`, `subject`, `body`.
    case field(ComposeSheet.Field)
    case segment(Segment)

    /// How scripts write it: `cancel`, `delete-draft`, `segment later`.
    public var name: String {
        switch self {
        case .compose: "compose"
        case .menu: "menu"
        case .cancel: "cancel"
        case .undo: "undo"
        case .deleteDraft: "delete-draft"
        case .keepDraft: "keep-draft"
        case .field(let field): field.rawValue
        case .segment(let s): "segment \(s.rawValue)"
        }
    }
}
