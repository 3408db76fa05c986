
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
        var iconInset = Metrics.iconInset
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
    /// How far in from the row's edge an icon is pinned, and how far behind the edge it follows (30).
    public var iconInset: Double {
        get { box.values.iconInset }
        set { change { $0.iconInset = newValue } }
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
