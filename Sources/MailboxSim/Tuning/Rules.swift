/// Whether a side's thresholds belong to the zone they start (SPEC) or only what lies beyond them.
public enum ThresholdBound: String, CaseIterable, Sendable {
    /// SPEC §2: zones are closed at their lower bound of |x| (x = −60 is yellow).
    case closed
    /// Only beyond the number (x = −60 is still gray, −260 still yellow).
    case strict
}

/// How the options overlay comes or goes.
public enum OverlayTransition: String, CaseIterable, Sendable {
    /// SPEC §2: its alpha animates over `duration.fade`.
    case fade
    /// At once, with no animation.
    case instant
}

/// Where a menu released at velocity 0 goes under `menu.release velocity`.
public enum MenuStill: String, CaseIterable, Sendable {
    /// SPEC §2: the nearer of closed and open (closed at exactly half-way).
    case nearer
    /// Closed, wherever it is.
    case close
}

/// How an undone message's row comes back.
public enum UndoReturn: String, CaseIterable, Sendable {
    /// SPEC §2: it slides in from the side it left over `duration.undo`.
    case slide
    /// It is back at x 0 at once; only its height opens over `duration.undo`.
    case place
}
