import MailboxAnimation

/// The animations of the behaviour that share a duration and curve, by the name scripts tune them with.
public enum AnimationRole: String, CaseIterable, Sendable {
    /// A released row sliding out to ±320, and back to 0 after `tap cancel` on its overlay.
    case slide
    /// A row released before the near threshold going back to 0.
    case snap
    /// A row's height collapsing as its message leaves.
    case hide
    /// The options overlay fading in or out.
    case fade
    /// The menu opening or closing.
    case menu
    /// The compose sheet and its dim layer coming or going.
    case compose
    /// A segment's view sliding in, and the current one out.
    case segment
    /// An undone message coming back: its height opening and its slide in from the side.
    case undo

    /// What the animation is, for `params`.
    public var role: String {
        switch self {
        case .slide: "a released row sliding out to ±320 (and back after tap cancel)"
        case .snap: "a row released before the near threshold going back to 0"
        case .hide: "a leaving row's height collapsing, the rows below moving up"
        case .fade: "the options overlay fading in or out"
        case .menu: "the menu opening or closing"
        case .compose: "the compose sheet and dim layer coming or going"
        case .segment: "a segment's view sliding in or out"
        case .undo: "an undone message's row opening and sliding back"
        }
    }

    /// Whether the animation starts with the finger's velocity (a spring on it starts moving as the finger was).
    public var followsRelease: Bool { self == .slide || self == .snap }
}

/// The duration and curve of each animation role. (Stored field by field, not in arrays: a fresh screen's
/// settings are made at start-up, where an array's generic metadata costs more than the rest of them.)
public struct Timings: Equatable, Sendable {
    /// One role's duration and curve.
    public struct Timing: Equatable, Sendable {
        public var duration: Ticks
        public var curve: TimingCurve
    }

    private var slide = Timing(duration: Durations.slideOut, curve: Durations.curve)
    private var snap = Timing(duration: Durations.snapBack, curve: Durations.curve)
    private var hide = Timing(duration: Durations.hide, curve: Durations.curve)
    private var fade = Timing(duration: Durations.overlayFade, curve: Durations.curve)
    private var menu = Timing(duration: Durations.menu, curve: Durations.curve)
    private var compose = Timing(duration: Durations.compose, curve: Durations.curve)
    private var segment = Timing(duration: Durations.segment, curve: Durations.curve)
    private var undo = Timing(duration: Durations.undoReveal, curve: Durations.curve)

    /// SPEC: every animation easeInOut, 0.3 s except the menu's 0.4 s.
    public static var spec: Timings { Timings() }

    public init() {}

    public subscript(_ role: AnimationRole) -> Timing {
        get {
            switch role {
            case .slide: slide
            case .snap: snap
            case .hide: hide
            case .fade: fade
            case .menu: menu
            case .compose: compose
            case .segment: segment
            case .undo: undo
            }
        }
        set {
            switch role {
            case .slide: slide = newValue
            case .snap: snap = newValue
            case .hide: hide = newValue
            case .fade: fade = newValue
            case .menu: menu = newValue
            case .compose: compose = newValue
            case .segment: segment = newValue
            case .undo: undo = newValue
            }
        }
    }

    public func duration(_ role: AnimationRole) -> Ticks { self[role].duration }
    public func curve(_ role: AnimationRole) -> TimingCurve { self[role].curve }
    public mutating func setDuration(_ role: AnimationRole, _ duration: Ticks) { self[role].duration = duration }
    public mutating func setCurve(_ role: AnimationRole, _ curve: TimingCurve) { self[role].curve = curve }

    /// Whether any curve can carry a value past its target (see `TimingCurve.canOvershoot`).
    public var canOvershoot: Bool { AnimationRole.allCases.contains { self[$0].curve.canOvershoot } }
}

extension ViewProperty {
    /// When a spring on this property has settled: positions and sizes within 0.5 pt and slower than 1 pt/s;
    /// an alpha within 0.002 and slower than 0.004 a second.
    public var settleTolerance: Spring.Tolerance {
        switch self {
        case .x, .y, .width, .height: .points
        case .alpha: .alpha
        case .rotation, .scale, .color: .fine
        }
    }
}
