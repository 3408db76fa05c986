/// What happens when an animation completes: plain data, so the state stays a value and replays exactly.
public enum FollowUp: Equatable, Sendable {
    /// A row that was let go before the first threshold is back at rest.
    case snapBackEnded(MessageID)
    /// A released row has slid off screen; what comes next depends on the zone it was released in.
    case slideOutEnded(MessageID, ReleaseOutcome)
    /// The options overlay has faded out.
    case overlayFadedOut
    /// A row's height has collapsed; the message moves to its folder.
    case hideEnded(UndoRecord)
    /// A row slid back into place after `tap cancel` on its overlay.
    case slideBackEnded(MessageID)
    /// An undone message's row has opened to its full height again.
    case restoreEnded(MessageID)
    /// An undone message's row has slid back to x 0 (unless a finger grabbed it on the way).
    case returnEnded(MessageID)
    /// The content stopped at the menu's open (true) or closed position.
    case menuSettled(open: Bool)
    /// The compose sheet finished appearing (true) or going away.
    case composeSettled(shown: Bool)
    /// A segment's view finished sliding in.
    case segmentSettled(Segment)
}
