import MailboxAnimation

/// Every number and rule of the behaviour that a script can change with `set`, SPEC's by default; a reset
/// keeps them. (The names scripts use, and what each does, are in `MailboxScript`'s parameter table.)
///
/// A value with its fields in one shared, copy-on-write box: the screen's state is copied whole at every
/// line that can be cancelled or refused, and the settings (every duration and curve, the palette) would
/// otherwise be most of its bytes.
public struct Settings: Equatable, Sendable {
    /// The fields themselves.
    struct Values: Equatable, Sendable {
        var framesPerSecond = Limits.defaultFramesPerSecond
        var composeDraftAlert = false
        var thresholds = Thresholds.spec
        var iconRest = Metrics.iconInset
        var iconFollow = Metrics.iconInset
        var iconFade = IconFade.near
        var slideOvershoot = 0.0
        var snapAnimated = true
        var overlayAppear = OverlayTransition.fade
        var overlayDismiss = OverlayTransition.fade
        var hideDelay = Ticks.zero
        var segmentDelay = Ticks.zero
        var menuStill = MenuStill.nearer
        var undoAlert = true
        var undoReturn = UndoReturn.slide
        var undoDepth = 0
        var timings = Timings.spec
        var menuOpenX = Metrics.menuOpenX
        var menuRelease = MenuRelease.velocity
        var palette = Palette.spec
        var escapeVelocity = 0.0
        var elasticity = 1.0
        var haptics = false
        var profile = Profile.mailbox
    }

    /// The shared box; replaced by a copy before a change when another value shares it.
    private final class Box: @unchecked Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private var box: Box

    public init() { box = Settings.spec }

    /// SPEC's settings, one box for every fresh screen.
    private static let spec = Box(Values())

    /// A change to the fields, in a box of this value's own.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = box.values
        body(&values)
        box = Box(values)
    }

    public static func == (a: Settings, b: Settings) -> Bool { a.box === b.box || a.box.values == b.box.values }

    /// The frame rate at which pans are sampled.
    public var framesPerSecond: Int {
        get { box.values.framesPerSecond }
        set { change { $0.framesPerSecond = newValue } }
    }
    /// Whether `tap cancel` on a compose sheet with text typed asks about the draft first. Off by default:
    /// SPEC §2 (Compose) closes the sheet whatever was typed.
    public var composeDraftAlert: Bool {
        get { box.values.composeDraftAlert }
        set { change { $0.composeDraftAlert = newValue } }
    }
    /// Where the zones of each side change (SPEC §2: 60 and 260).
    public var thresholds: Thresholds {
        get { box.values.thresholds }
        set { change { $0.thresholds = newValue } }
    }
    /// How far in from the screen's edge an icon's centre rests before the near threshold (30).
    public var iconRest: Double {
        get { box.values.iconRest }
        set { change { $0.iconRest = newValue } }
    }
    /// How far behind the row's edge an icon's centre follows from the near threshold on (30).
    public var iconFollow: Double {
        get { box.values.iconFollow }
        set { change { $0.iconFollow = newValue } }
    }
    /// How the icon's alpha follows x: SPEC's ramp to the near threshold, or a range of |x|.
    public var iconFade: IconFade {
        get { box.values.iconFade }
        set { change { $0.iconFade = newValue } }
    }
    /// How far past the screen's edge a slide out ends: at ±(320 + this) (0).
    public var slideOvershoot: Double {
        get { box.values.slideOvershoot }
        set { change { $0.slideOvershoot = newValue } }
    }
    /// Whether a row released before the near threshold animates back to 0 (SPEC) or is there at once.
    public var snapAnimated: Bool {
        get { box.values.snapAnimated }
        set { change { $0.snapAnimated = newValue } }
    }
    /// How the options overlay appears: a fade (SPEC) or at once.
    public var overlayAppear: OverlayTransition {
        get { box.values.overlayAppear }
        set { change { $0.overlayAppear = newValue } }
    }
    /// How the options overlay goes: a fade (SPEC) or at once.
    public var overlayDismiss: OverlayTransition {
        get { box.values.overlayDismiss }
        set { change { $0.overlayDismiss = newValue } }
    }
    /// How long the hide waits after the slide out or the overlay's dismissal (0).
    public var hideDelay: Ticks {
        get { box.values.hideDelay }
        set { change { $0.hideDelay = newValue } }
    }
    /// How long a segment's views wait before sliding (0).
    public var segmentDelay: Ticks {
        get { box.values.segmentDelay }
        set { change { $0.segmentDelay = newValue } }
    }
    /// Where a menu released at velocity 0 goes under `menu.release velocity`: the nearer end (SPEC), or closed.
    public var menuStill: MenuStill {
        get { box.values.menuStill }
        set { change { $0.menuStill = newValue } }
    }
    /// Whether a shake asks "Undo last action?" first (SPEC) or undoes at once.
    public var undoAlert: Bool {
        get { box.values.undoAlert }
        set { change { $0.undoAlert = newValue } }
    }
    /// Whether an undone row slides back in from its side (SPEC) or is put back at x 0 at once.
    public var undoReturn: UndoReturn {
        get { box.values.undoReturn }
        set { change { $0.undoReturn = newValue } }
    }
    /// How many actions the undo stack keeps, dropping the oldest; 0 (SPEC) keeps them all.
    public var undoDepth: Int {
        get { box.values.undoDepth }
        set { change { $0.undoDepth = newValue } }
    }
    /// The duration and curve of each animation of the behaviour.
    public var timings: Timings {
        get { box.values.timings }
        set { change { $0.timings = newValue } }
    }
    /// Where the open menu rests: `content.x` (280).
    public var menuOpenX: Double {
        get { box.values.menuOpenX }
        set { change { $0.menuOpenX = newValue } }
    }
    /// What a released menu does: go the finger's way (SPEC) or decide by position.
    public var menuRelease: MenuRelease {
        get { box.values.menuRelease }
        set { change { $0.menuRelease = newValue } }
    }
    /// The colour of each palette name.
    public var palette: Palette {
        get { box.values.palette }
        set { change { $0.palette = newValue } }
    }
    /// A release at least this fast (pt/s) in the direction of x commits to the near action below the near
    /// threshold (Android's swipe escape velocity); 0, the default, turns the rule off.
    public var escapeVelocity: Double {
        get { box.values.escapeVelocity }
        set { change { $0.escapeVelocity = newValue } }
    }
    /// Beyond |x| = 320 a row follows only this fraction of the finger's excess (1, the default: all of it).
    public var elasticity: Double {
        get { box.values.elasticity }
        set { change { $0.elasticity = newValue } }
    }
    /// Whether every threshold crossing of a dragged row logs a haptic event.
    public var haptics: Bool {
        get { box.values.haptics }
        set { change { $0.haptics = newValue } }
    }
    /// The library whose defaults the swipe parameters were last set to (`set profile`).
    public var profile: Profile {
        get { box.values.profile }
        set { change { $0.profile = newValue } }
    }
}
