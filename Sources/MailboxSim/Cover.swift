import MailboxAnimation
import MailboxText

/// What covers the screen and takes every touch that is not on it.
public enum Cover: Equatable, Sendable {
    case alert(Alert)
    case overlay(Overlay)
    /// The compose sheet; `closing` once cancel has sent it away.
    case compose(closing: Bool)
    case menu

    /// How errors name it.
    public var what: String {
        switch self {
        case .alert(let alert): "the \(alert.rawValue) alert covers"
        case .overlay(let overlay): "\(overlay.kind.title) cover"
        case .compose: "the compose sheet covers"
        case .menu: "the open menu covers"
        }
    }

    /// How to get rid of it; `remaining` is how long what is going away still takes.
    public func hint(remaining: Ticks) -> String {
        switch self {
        case .alert(let alert): "tap " + alert.buttons.map(\.name).joined(separator: " or tap ")
        case .overlay(let overlay):
            overlay.dismissal == nil ? "tap to dismiss, choose an option, or tap cancel" : "they are fading out; advance \(remaining.decimalSeconds)"
        case .compose(let closing): closing ? "it is closing; advance \(remaining.decimalSeconds)" : "type, or tap cancel"
        case .menu: "pan content or tap menu to close it"
        }
    }
}

extension MailboxState {
    /// The error for a touch that `cover` takes, saying how to get rid of it.
    func refusal(_ cover: Cover) -> MailboxError {
        let key: PropertyKey? = switch cover {
        case .overlay: PropertyKey(.overlay, .alpha)
        case .compose: PropertyKey(.composeSheet, .y)
        case .alert, .menu: nil
        }
        let end = key.flatMap { animator.animation(for: $0)?.end } ?? now
        return .covered(by: cover.what, hint: cover.hint(remaining: end - now))
    }
}
