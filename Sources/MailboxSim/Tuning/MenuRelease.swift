import MailboxText

/// What decides where a released menu goes.
public enum MenuRelease: Equatable, Sendable {
    /// SPEC §2: the finger's direction (velocity > 0 opens, < 0 closes, 0 the nearer end).
    case velocity
    /// The seeds' app: released at `content.x` ≥ N it keeps opening, otherwise it goes back to 0.
    case position(Double)
    /// Seed 002's app: opens from closed when the finger moved more than N right; closes from open when it moved
    /// N or more left; otherwise goes back.
    case distance(Double)

    /// `velocity`, `position 285` or `distance 90`, as `set menu.release` takes it.
    public var text: String {
        switch self {
        case .velocity: "velocity"
        case .position(let n): "position \(formatNumber(n))"
        case .distance(let n): "distance \(formatNumber(n))"
        }
    }
}
