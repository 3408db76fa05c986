import MailboxAnimation

/// Why the screen refused an action, in the model's own terms (which row, which cover, which phase); the state is
/// unchanged whenever one is thrown. The words people read are the reports layer's (`MailboxReports`).
public enum MailboxError: Error, Equatable, Sendable {
    /// A message the screen was not made with.
    case noSuchMessage(MessageID, count: Int)
    /// A message that is no longer in the mailbox feed.
    case messageNotVisible(MessageID, Folder)
    /// A row whose height is collapsing (the hide): it has left.
    case messageLeaving(MessageID)
    /// A row below the screen's bottom edge (SPEC §7.3, "Rows off screen"): `y` is its top now. The feed does not
    /// scroll, so a finger cannot reach it.
    case messageOffScreen(MessageID, y: Double)
    /// What covers the screen took the touch; `remaining` is how long what is going away still takes.
    case covered(Cover, remaining: Ticks)
    /// One finger pans at a time.
    case gestureInProgress(PanTarget)
    case noFingerDown
    /// A bare tap with nothing up to dismiss.
    case nothingToDismiss
    /// `choose` or a bare tap with no options overlay up; `near` is the left side's near threshold now.
    case noOverlay(near: Double = Metrics.shortSwipe)
    case overlayClosing(OverlayKind)
    /// An option the overlay does not offer (`suggestion`: the nearest it does).
    case unknownOption(String, OverlayKind, suggestion: String?)
    case clockOverflow
    /// A long action (a pan's frames, `settle`) was stopped by its caller (Ctrl-C).
    case interrupted
    /// A tap on something that is not there to be tapped now.
    case cannotTap(TapTarget, TapRefusal)
    /// Typing with no field focused.
    case nothingToType
    /// Typing that would take `field` past `Limits.typedBytesPerField`: it holds `has` bytes, the text is `adding`.
    case typedTextTooLong(ComposeSheet.Field, has: Int, adding: Int)
    /// A content pan while the menu is closed.
    case menuClosed
    /// A row pan while another segment's view is showing.
    case mailboxOffScreen(Segment)
    /// A parameter asked for as one value that has two now (`threshold.near` with the sides set apart).
    case parameterDiffersBySide(String)
}

/// Why a tap target cannot be tapped now.
public enum TapRefusal: Equatable, Sendable {
    /// `cancel` with no overlay, sheet or alert up.
    case nothingToCancel
    /// `undo` with no undo alert up.
    case noUndoAlert
    /// `delete-draft` or `keep-draft` with no draft alert up.
    case noDraftAlert
    /// A compose field while the sheet is not up.
    case composeNotUp
    /// The compose sheet is on its way down.
    case composeClosing
}
