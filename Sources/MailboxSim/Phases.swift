/// Where the menu is: the words of `menu` (SPEC §5).
public enum MenuPhase: String, CaseIterable, Sendable {
    case closed, open, moving
}

/// Where the compose sheet is: the words of `compose` (SPEC §5).
public enum ComposePhase: String, CaseIterable, Sendable {
    case hidden, shown, moving
}

/// What kind of gesture a finger is making: the words of `gesture` (SPEC §5), `none` when no finger is down.
public enum GestureKind: String, CaseIterable, Sendable {
    case pan, edgepan
}
