import MailboxAnimation
import MailboxSim
import MailboxText

extension MailboxError {
    /// The refusal as a person reads it: what refused, and how to get past it.
    public var message: String {
        switch self {
        case let .noSuchMessage(id, count):
            return "no message \(id.name): the inbox was made with \(count) (msg1 … msg\(count))"
        case let .messageNotVisible(id, folder):
            return "\(id.name) is not in the mailbox feed (it is in \(folder.rawValue))"
        case .messageLeaving(let id):
            return "\(id.name) is being hidden and cannot be grabbed"
        case let .messageOffScreen(id, y):
            return "\(id.name) is off screen (its top is at y \(formatNumber(y)); the screen ends at "
                + "\(formatNumber(Metrics.screenHeight)), and the feed does not scroll)"
        case let .covered(cover, remaining):
            return "\(cover.covers) the screen (\(cover.hint(remaining: remaining)))"
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
        case let .cannotTap(target, refusal):
            return "cannot tap \(target.tapName): \(refusal.reason(for: target))"
        case .nothingToType:
            return "no field has the keyboard (compose first)"
        case let .typedTextTooLong(field, has, adding):
            return
                "the \(field.rawValue) field holds at most "
                + "\(grouped(Limits.typedBytesPerField)) bytes of text (64 KiB): "
                + "it has \(grouped(has)), this line types \(grouped(adding)); nothing was typed"
        case .mailboxOffScreen(let segment):
            return "the mailbox is off screen: the \(segment.rawValue) view is showing (tap segment mailbox)"
        case .parameterDiffersBySide("icon.inset"):
            return "icon.inset differs between rest and follow: read icon.rest or icon.follow"
        case .parameterDiffersBySide(let name):
            let sides = name.split(separator: ".", maxSplits: 1).map(String.init)
            guard sides.count == 2 else { return "\(name) differs by side" }
            return "\(name) differs by side: read \(sides[0]).left.\(sides[1]) or \(sides[0]).right.\(sides[1])"
        case .menuClosed:
            return "the menu is closed: pan content drags the content while the menu is open (edgepan opens it)"
        }
    }
}

extension TapTarget {
    /// How a refusal names what was tapped: `cancel`, `delete-draft`, `subject`.
    var tapName: String {
        if case .segment(let segment) = self { return "segment \(segment.rawValue)" }
        return name
    }
}

extension TapRefusal {
    /// Why, and what to do first.
    func reason(for target: TapTarget) -> String {
        switch self {
        case .nothingToCancel: "there is no options overlay, compose sheet or alert to cancel"
        case .noUndoAlert: "no undo alert is up (shake first)"
        case .noDraftAlert: "no draft alert is up (type, then tap cancel)"
        case .composeNotUp: "the compose sheet is not up (compose first)"
        case .composeClosing:
            target == .cancel ? "the compose sheet is already closing" : "the compose sheet is closing"
        }
    }
}

extension Cover {
    /// How refusals name it, with its verb.
    var covers: String {
        switch self {
        case .alert(let alert): "the \(alert.rawValue) alert covers"
        case .overlay(let overlay): "\(overlay.kind.title) cover"
        case .compose: "the compose sheet covers"
        case .menu: "the open menu covers"
        }
    }

    /// How to get rid of it; `remaining` is how long what is going away still takes.
    func hint(remaining: Ticks) -> String {
        switch self {
        case .alert(let alert): "tap " + alert.buttons.map({ $0.name }).joined(separator: " or tap ")
        case .overlay(let overlay):
            overlay.dismissal == nil
                ? "tap to dismiss, choose an option, or tap cancel"
                : "they are fading out; advance \(remaining.decimalSeconds)"
        case .compose(let closing):
            closing ? "it is closing; advance \(remaining.decimalSeconds)" : "type, or tap cancel"
        case .menu: "pan content or tap menu to close it"
        }
    }
}

extension ThresholdProblem {
    /// What is wrong with a side's thresholds.
    public var message: String {
        switch self {
        case .nearNotPositive(let near): "near must be above 0 (got \(formatNumber(near)))"
        case let .nearNotBelowFar(near, far): "near (\(formatNumber(near))) must be below far (\(formatNumber(far)))"
        case .farTooFar(let far):
            "far must be at most \(formatNumber(Metrics.slideDistance)) (got \(formatNumber(far)))"
        }
    }
}
