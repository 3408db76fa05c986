import MailboxAnimation

/// What covers the screen and takes every touch that is not on it.
public enum Cover: Equatable, Sendable {
    case alert(Alert)
    case overlay(Overlay)
    /// The compose sheet; `closing` once cancel has sent it away.
    case compose(closing: Bool)
    case menu
}

extension MailboxState {
    /// The error for a touch that `cover` takes, saying how to get rid of it.
    func refusal(_ cover: Cover) -> MailboxError {
        let key: PropertyKey? =
            switch cover {
            case .overlay: PropertyKey(.overlay, .alpha)
            case .compose: PropertyKey(.composeSheet, .y)
            case .alert, .menu: nil
            }
        let end = key.flatMap { animator.animation(for: $0)?.end } ?? now
        return .covered(cover, remaining: end - now)
    }
}
