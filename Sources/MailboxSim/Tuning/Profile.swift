import MailboxAnimation
import MailboxText

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
    /// SwipeCellKit: a critically damped spring and elastic overscroll.
    case swipecellkit

    /// What the library is, for `params` and `help set`.
    public var summary: String {
        switch self {
        case .mailbox: "SPEC's numbers (the Mailbox assignment)"
        case .mcswipe: "MCSwipeTableViewCell: triggers at 25 % and 75 % of the width, spring snap-back"
        case .itemtouchhelper: "Android ItemTouchHelper: swipe at half the width, escape velocity"
        case .swipecellkit: "SwipeCellKit: critically damped spring, elastic overscroll"
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

    /// Whether `settings` has this profile's swipe parameters.
    public func matches(_ settings: Settings) -> Bool {
        applied(to: settings) == settings
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
        switch self {
        case .mailbox:
            return spec
        case .mcswipe:
            let side = SideThresholds(near: 0.25 * width, far: 0.75 * width)
            var v = spec
            v.thresholds = Thresholds(left: side, right: side)
            v.slide = (.milliseconds(250), .easeOut)
            v.snap = (.milliseconds(400), .spring(Spring(dampingRatio: 0.6, response: 0.4)))
            return v
        case .itemtouchhelper:
            // One threshold: the second action is out of reach (far at the full width).
            let side = SideThresholds(near: 0.5 * width, far: width)
            var v = spec
            v.thresholds = Thresholds(left: side, right: side)
            v.escapeVelocity = 120
            v.slide = (.milliseconds(250), .bezier(CubicBezier(0, 0, 0.58, 1)))
            v.snap = (.milliseconds(250), .bezier(CubicBezier(0, 0, 0.58, 1)))
            return v
        case .swipecellkit:
            var v = spec
            v.elasticity = 0.2
            v.slide = (.milliseconds(700), .spring(Spring(dampingRatio: 1, response: 0.7)))
            v.snap = (.milliseconds(700), .spring(Spring(dampingRatio: 1, response: 0.7)))
            return v
        }
    }
}
