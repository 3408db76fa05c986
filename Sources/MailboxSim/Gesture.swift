import MailboxAnimation

/// What a pan's finger went down on.
public enum PanTarget: Hashable, Sendable {
    case message(MessageID)
    /// The mailbox content, dragged while the menu is open.
    case content
    /// The screen's left edge: the menu's edge pan.
    case edge

    public var name: String {
        switch self {
        case .message(let id): id.name
        case .content: "content"
        case .edge: "the screen edge"
        }
    }
}

/// A finger that is down: where it started, how far it has moved, and how fast it last moved.
public struct PanGesture: Equatable, Sendable {
    public let target: PanTarget
    /// The dragged value (row x or content x) when the finger went down.
    public let origin: Double
    public var translation: Double = 0
    /// Points per second of the last sampled movement.
    public var velocity: Double = 0
    /// When the last sample was taken.
    public var lastSample: Ticks

    /// `pan` or `edgepan`, as the `gesture` path reads.
    public var kind: GestureKind { target == .edge ? .edgepan : .pan }
}
