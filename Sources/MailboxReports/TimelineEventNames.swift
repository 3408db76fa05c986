import MailboxSim

extension TimelineEvent {
    /// What kind of event it is, one word a program can match on (`gestureBegan`, `thresholdCrossed`,
    /// `overlayShown`…): the JSON timeline's `event` and the trace events' `args.event`.
    public var kindName: String {
        switch self {
        case .gestureBegan: "gestureBegan"
        case .thresholdCrossed: "thresholdCrossed"
        case .gestureEnded: "gestureEnded"
        case .animationInterrupted: "animationInterrupted"
        case .overlayShown: "overlayShown"
        case .overlayQueued: "overlayQueued"
        case .overlayDismissed: "overlayDismissed"
        case .overlayGone: "overlayGone"
        case .messageHidden: "messageHidden"
        case .messageRestored: "messageRestored"
        case .menuOpened: "menuOpened"
        case .menuClosed: "menuClosed"
        case .composeShown: "composeShown"
        case .composeHidden: "composeHidden"
        case .typed: "typed"
        case .segmentSelected: "segmentSelected"
        case .segmentShown: "segmentShown"
        case .alertShown: "alertShown"
        case .alertDismissed: "alertDismissed"
        case .undoing: "undoing"
        case .haptic: "haptic"
        case .escaped: "escaped"
        case .accessibilityAction: "accessibilityAction"
        case .focused: "focused"
        }
    }
}
