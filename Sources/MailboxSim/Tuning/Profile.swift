import MailboxAnimation

/// A swipe library whose defaults `set profile NAME` gives the swipe parameters: the thresholds, the
/// escape velocity, the elasticity, and the slide's and snap-back's durations and curves. The numbers are
/// read from each library's source; the README cites the file and line of each.
public enum Profile: String, CaseIterable, Sendable {
    /// SPEC's numbers: the Mailbox assignment.
    case mailbox
    /// MCSwipeTableViewCell: triggers at 25 % and 75 % of the width, a spring snap-back.
    case mcswipe
    /// Android's ItemTouchHelper: one threshold at half the width, an escape velocity.
    case itemtouchhelper
    /// SwipeCellKit: its release spring and elastic overscroll.
    case swipecellkit

    /// What the library is, for `params` and `help set`.
    public var summary: String {
        switch self {
        case .mailbox: "SPEC's numbers (the Mailbox assignment)"
        case .mcswipe: "MCSwipeTableViewCell 2.1.4: triggers at 25 % and 75 % of the width, an easeOut exit, a spring snap-back"
        case .itemtouchhelper: "Android's ItemTouchHelper: one threshold at half the width, escape velocity 120, 120 ms animations"
        case .swipecellkit: "SwipeCellKit 2.7.1: its release spring (stiffness 100, damping 18), elastic overscroll 0.2"
        }
    }

    /// `settings` with the swipe parameters set to this library's values (the others unchanged).
    public func applied(to settings: Settings) -> Settings {
        var s = settings
        let group = values
        s.thresholds = group.thresholds
        s.escapeVelocity = group.escapeVelocity
        s.elasticity = group.elasticity
        for (role, timing) in [(AnimationRole.slide, group.slide), (.snap, group.snap)] {
            s.timings.setDuration(role, timing.duration)
            s.timings.setCurve(role, timing.curve)
        }
        s.profile = self
        return s
    }

    /// The profile's values of the swipe parameters.
    struct Values {
        var thresholds: Thresholds
        var escapeVelocity: Double
        var elasticity: Double
        var slide: (duration: Ticks, curve: TimingCurve)
        var snap: (duration: Ticks, curve: TimingCurve)
    }

    var values: Values {
        let spec = Values(thresholds: .spec, escapeVelocity: 0, elasticity: 1,
                          slide: (Durations.slideOut, Durations.curve), snap: (Durations.snapBack, Durations.curve))
        let width = Metrics.screenWidth
        var v = spec
        switch self {
        case .mailbox:
            break
        case .mcswipe:
            // kMCStop1 0.25 and kMCStop2 0.75 of the width; the exit slides out easeOut in 0.35 − 0.15·min(|v|/w, 1)
            // seconds (0.2 s for a release at one width a second or more, as a pan's release is); the snap-back
            // is a UIKit spring of damping 0.6 over kMCAnimationDuration 0.4 s (response ≈ duration).
            let side = SideThresholds(near: 0.25 * width, far: 0.75 * width)
            v.thresholds = Thresholds(left: side, right: side)
            v.slide = (.milliseconds(200), .easeOut)
            v.snap = (.milliseconds(400), .spring(Spring(dampingRatio: 0.6, response: 0.4)))
        case .itemtouchhelper:
            // getSwipeThreshold 0.5 of the width, one threshold (the far action only at the full width); escape
            // velocity 120 dp/s; swipe and cancel animate over the default ItemAnimator's remove duration, 120 ms,
            // on ValueAnimator's default AccelerateDecelerate interpolator (≈ bezier 0.37 0 0.63 1).
            let side = SideThresholds(near: 0.5 * width, far: width)
            v.thresholds = Thresholds(left: side, right: side)
            v.escapeVelocity = 120
            let accelerateDecelerate = TimingCurve.bezier(CubicBezier(0.37, 0, 0.63, 1))
            v.slide = (.milliseconds(120), accelerateDecelerate)
            v.snap = (.milliseconds(120), accelerateDecelerate)
        case .swipecellkit:
            // The release spring: mass 1, stiffness 100, damping 18 (ζ 0.9, response 2π/10 s), started with the
            // finger's velocity; the fill slides out over 0.3 s on a critically damped spring; 0.2 of the movement
            // past the expansion target (targetOverscrollElasticity).
            v.elasticity = 0.2
            v.slide = (.milliseconds(300), .spring(Spring(dampingRatio: 1, response: 0.3)))
            v.snap = (.milliseconds(700), .spring(Spring(dampingRatio: 0.9, response: 2 * Double.pi / 10)))
        }
        return v
    }
}
