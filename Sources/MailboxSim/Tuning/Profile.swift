/// A library or an app whose numbers `set profile NAME` gives the profile group of parameters. The numbers,
/// each with the source line it is read from, are `MailboxScript`'s profile table (`Profile.settings`).
public enum Profile: String, CaseIterable, Sendable {
    /// SPEC's numbers: the Mailbox assignment.
    case mailbox
    /// MCSwipeTableViewCell: triggers at 25 % and 75 % of the width, a spring snap-back.
    case mcswipe
    /// Android's ItemTouchHelper: one threshold at half the width, an escape velocity.
    case itemtouchhelper
    /// SwipeCellKit: its release spring and elastic overscroll.
    case swipecellkit
    /// The app of the assignment's seed 002 (kevnull/ios-course-mailbox).
    case iosCourseMailbox = "ios-course-mailbox"
    /// The app of the assignment's seed 004 (yinanq/CodePath-wk3-Mailbox).
    case codepathWk3Mailbox = "codepath-wk3-mailbox"
    /// What most of twenty public implementations of the assignment do.
    case assignment

    /// What the library or app is, for `params` and `help set`.
    public var summary: String {
        switch self {
        case .mailbox: "SPEC's numbers (the Mailbox assignment)"
        case .mcswipe:
            "MCSwipeTableViewCell 2.1.4: triggers at 25 % and 75 % of the width, an easeOut exit, a spring snap-back"
        case .itemtouchhelper:
            "Android's ItemTouchHelper: one threshold at half the width, escape velocity 120, 120 ms animations"
        case .swipecellkit: "SwipeCellKit 2.7.1: its release spring (stiffness 100, damping 18), elastic overscroll 0.2"
        case .iosCourseMailbox:
            "seed 002's app (kevnull/ios-course-mailbox): its colours, strict on the right, 0.4 s slides past the "
                + "screen, modal options, the menu by distance, shake without an alert"
        case .codepathWk3Mailbox:
            "seed 004's app (yinanq/CodePath-wk3-Mailbox): its colours, strict thresholds, the icon fading over "
                + "30…65, no snap-back animation, shake without an alert"
        case .assignment:
            "what most of twenty public implementations do: the light colours, strict thresholds, the menu at 285 "
                + "closing at velocity 0, the undone row put back"
        }
    }
}
