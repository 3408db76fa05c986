import MailboxAnimation
import MailboxSim
import MailboxText

/// The words the timeline prints for what happened: a rendering of the model's typed events.
extension TimelineEvent {
    /// `pan began at 0`, `threshold crossed at x -60: gray later → yellow later`, `menu open`.
    public var description: String {
        switch self {
        case let .gestureBegan(kind, value):
            return "\(kind == .edgepan ? "edge pan" : "pan") began at \(formatNumber(value))"
        case let .thresholdCrossed(from, to, x):
            return
                """
                threshold crossed at x \(formatNumber(x)): \(from.background.rawValue) \(from.icon.rawValue) → \
                \(to.background.rawValue) \(to.icon.rawValue)
                """
        case let .gestureEnded(value, velocity, outcome):
            return
                "gesture ended at \(formatNumber(value)), velocity \(formatNumber(velocity)) pt/s: \(outcome.summary)"
        case let .animationInterrupted(property, value):
            return "\(property.rawValue) animation stopped at \(formatNumber(value)) by the finger"
        case .overlayShown(let kind): return "\(kind.rawValue) options appear"
        case .overlayQueued(let kind): return "\(kind.rawValue) options wait for the overlay on screen"
        case let .overlayDismissed(kind, dismissal):
            switch dismissal {
            case .cancel: return "\(kind.rawValue) options cancelled"
            case .finish(let option?): return "\(kind.rawValue) option \(option) chosen"
            case .finish(nil): return "\(kind.rawValue) options dismissed"
            }
        case .overlayGone(let kind): return "\(kind.rawValue) options gone"
        case .messageHidden(let folder): return "hidden: moved to \(folder.rawValue)"
        case .messageRestored: return "back in the inbox"
        case .menuOpened: return "menu open"
        case .menuClosed: return "menu closed"
        case .composeShown: return "shown"
        case .composeHidden: return "hidden"
        case .typed(let text): return "typed \"\(shortened(text))\""
        case .segmentSelected(let segment): return "segment \(segment.rawValue) selected, tint \(segment.tint.rawValue)"
        case .segmentShown: return "in place"
        case .alertShown(let alert): return "alert \"\(alert.title)\""
        case let .alertDismissed(alert, button): return "\(alert.rawValue) alert: \(button.name)"
        case .undoing(let record): return "undone: comes back from \(record.folder.rawValue)"
        case let .haptic(strength, threshold):
            return "haptic \(strength.rawValue) at the threshold x \(formatNumber(threshold))"
        case let .escaped(velocity, escapeVelocity):
            return
                """
                released at \(formatNumber(velocity)) pt/s, past the escape velocity \
                \(formatNumber(escapeVelocity)) pt/s: commits to the near action
                """
        case .accessibilityAction(let action): return "accessibility action \(action.rawValue)"
        case .focused(let field): return "focus on \(field.rawValue)"
        }
    }
}

extension GestureOutcome {
    /// `snap back`, `slide out, then archive`, `menu keeps opening`.
    public var summary: String {
        switch self {
        case .row(let outcome): outcome.summary
        case .menu(let opening): opening ? "menu keeps opening" : "menu keeps closing"
        }
    }
}

extension ReleaseOutcome {
    /// `snap back`, `slide out, then the reschedule options`, `slide out, then archive`.
    public var summary: String {
        switch self {
        case .snapBack: "snap back"
        case .options(let kind): "slide out, then the \(kind.rawValue) options"
        case .hide(let folder): "slide out, then \(folder == .trash ? "delete" : folder.rawValue)"
        }
    }
}

extension TimelineEntry {
    /// The entry without its time: `msg1.x -180 → -320 over 0.3s easeInOut`, `msg1 pan began at 0`.
    public var summary: String { Array(TimelineText.styledLine(self).dropFirst(3)).text }
}
