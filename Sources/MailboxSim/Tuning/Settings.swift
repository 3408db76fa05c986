import MailboxAnimation
import MailboxText

/// Every number and rule of the behaviour that a script can change with `set`, SPEC's by default; a reset
/// keeps them. (The names scripts use, and what each does, are in `MailboxScript`'s parameter table.)
public struct Settings: Equatable, Sendable {
    /// The frame rate at which pans are sampled.
    public var framesPerSecond = Limits.defaultFramesPerSecond
    /// Whether `tap cancel` on a compose sheet with text typed asks about the draft first. Off by default:
    /// SPEC §2 (Compose) closes the sheet whatever was typed.
    public var composeDraftAlert = false
    /// Where the zones of each side change (SPEC §2: 60 and 260).
    public var thresholds = Thresholds.spec
    /// How far in from the row's edge an icon is pinned, and how far behind the edge it follows (30).
    public var iconInset = Metrics.iconInset
    /// The duration and curve of each animation of the behaviour.
    public var timings = Timings.spec
    /// Where the open menu rests: `content.x` (280).
    public var menuOpenX = Metrics.menuOpenX
    /// What a released menu does: go the finger's way (SPEC) or decide by position.
    public var menuRelease = MenuRelease.velocity
    /// The colour of each palette name.
    public var palette = Palette.spec
    /// A release at least this fast (pt/s) in the direction of x commits to the near action below the near
    /// threshold (Android's swipe escape velocity); 0, the default, turns the rule off.
    public var escapeVelocity = 0.0
    /// Beyond |x| = 320 a row follows only this fraction of the finger's excess (1, the default: all of it).
    public var elasticity = 1.0
    /// Whether every threshold crossing of a dragged row logs a haptic event.
    public var haptics = false
    /// The library whose defaults the swipe parameters were last set to (`set profile`).
    public var profile = Profile.mailbox

    public init() {}
}
