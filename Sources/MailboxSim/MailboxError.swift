import MailboxAnimation
import MailboxText

/// Why the screen refused an action; the state is unchanged whenever one is thrown.
public enum MailboxError: Error, Equatable, Sendable {
    case noSuchMessage(MessageID, count: Int)
    case messageNotVisible(MessageID, Folder)
    case messageLeaving(MessageID)
    case covered(by: String, hint: String)
    case gestureInProgress(PanTarget)
    case noFingerDown
    case nothingToDismiss
    /// `choose` or a bare tap with no options overlay up; `near` is the left side's near threshold now.
    case noOverlay(near: Double = Metrics.shortSwipe)
    case overlayClosing(OverlayKind)
    case unknownOption(String, OverlayKind, suggestion: String?)
    case clockOverflow
    /// A long action (a pan's frames, `settle`) was stopped by its caller (Ctrl-C).
    case interrupted
    case cannotTap(String, reason: String)
    case nothingToType
    case menuClosed
    case mailboxOffScreen(Segment)
    /// A parameter asked for as one value that has two now (`threshold.near` with the sides set apart).
    case parameterDiffersBySide(String)

    public var message: String {
        switch self {
        case let .noSuchMessage(id, count):
            return "no message \(id.name): the inbox was made with \(count) (msg1 … msg\(count))"
        case let .messageNotVisible(id, folder):
            return "\(id.name) is not in the mailbox feed (it is in \(folder.rawValue))"
        case .messageLeaving(let id):
            return "\(id.name) is being hidden and cannot be grabbed"
        case let .covered(what, hint):
            return "\(what) the screen (\(hint))"
        case .gestureInProgress(let target):
            return "a finger is already down on \(target.name) (release it first)"
        case .noFingerDown:
            return "no finger is down (nothing to release)"
        case .nothingToDismiss:
            return "nothing is up to dismiss (a bare tap dismisses an options overlay)"
        case .noOverlay(let near):
            return "no options overlay is up (swipe a message left past \(formatNumber(near)) first)"
        case .overlayClosing(let kind):
            return "\(kind.title) are already closing"
        case let .unknownOption(option, kind, suggestion):
            var text = "unknown option \(quoted(option)) on \(kind.title)"
            if let suggestion { text += " (did you mean '\(suggestion)'?)" }
            return text + "; they offer " + kind.options.joined(separator: ", ")
        case .interrupted:
            return "interrupted"
        case .clockOverflow:
            return "the clock cannot run past \(Ticks.max.decimalSeconds) seconds"
        case let .cannotTap(target, reason):
            return "cannot tap \(target): \(reason)"
        case .nothingToType:
            return "no field has the keyboard (compose first)"
        case .mailboxOffScreen(let segment):
            return "the mailbox is off screen: the \(segment.rawValue) view is showing (tap segment mailbox)"
        case .parameterDiffersBySide(let name):
            let sides = name.split(separator: ".", maxSplits: 1).map(String.init)
            return "\(name) differs by side: read \(sides[0]).left.\(sides[1]) or \(sides[0]).right.\(sides[1])"
        case .menuClosed:
            return "the menu is closed: pan content drags the content while the menu is open (edgepan opens it)"
        }
    }
}
