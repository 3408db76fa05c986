import MailboxAnimation
import MailboxText

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

    var index: Int { Self.allCases.firstIndex(of: self)! }

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

/// The duration and curve of each animation role.
public struct Timings: Equatable, Sendable {
    private var durations: [Ticks]
    private var curves: [TimingCurve]

    /// SPEC: every animation easeInOut, 0.3 s except the menu's 0.4 s.
    public static let spec: Timings = {
        var timings = Timings(durations: [], curves: [])
        for role in AnimationRole.allCases {
            timings.durations.append(Timings.specDuration(role))
            timings.curves.append(Durations.curve)
        }
        return timings
    }()

    private init(durations: [Ticks], curves: [TimingCurve]) {
        self.durations = durations
        self.curves = curves
    }

    private static func specDuration(_ role: AnimationRole) -> Ticks {
        switch role {
        case .slide: Durations.slideOut
        case .snap: Durations.snapBack
        case .hide: Durations.hide
        case .fade: Durations.overlayFade
        case .menu: Durations.menu
        case .compose: Durations.compose
        case .segment: Durations.segment
        case .undo: Durations.undoReveal
        }
    }

    public func duration(_ role: AnimationRole) -> Ticks { durations[role.index] }
    /// Whether any curve can carry a value past its target (see `TimingCurve.canOvershoot`).
    public var canOvershoot: Bool { curves.contains(where: \.canOvershoot) }
    public func curve(_ role: AnimationRole) -> TimingCurve { curves[role.index] }
    public mutating func setDuration(_ role: AnimationRole, _ duration: Ticks) { durations[role.index] = duration }
    public mutating func setCurve(_ role: AnimationRole, _ curve: TimingCurve) { curves[role.index] = curve }
}

extension ViewProperty {
    /// When a spring on this property has settled: within 0.5 pt of its target and slower than 1 pt/s for
    /// positions and sizes; within 0.002 and slower than 0.004 a second for an alpha (half a step of 8-bit alpha).
    public var settleTolerance: (position: Double, velocity: Double) {
        switch self {
        case .x, .y, .width, .height: (0.5, 1)
        case .alpha: (0.002, 0.004)
        case .rotation, .scale, .color: (0.001, 0.002)
        }
    }
}
