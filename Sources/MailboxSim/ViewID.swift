import MailboxAnimation

/// A view on screen whose properties can animate.
public enum ViewID: Hashable, Sendable {
    case row(MessageID)
    case overlay
    case content
    case composeSheet
    case composeDim
    case segmentView(Segment)

    /// The subject name used in paths and the timeline: `msg1`, `overlay`, `content`, `compose`, `view.later`.
    public var name: String {
        switch self {
        case .row(let id): id.name
        case .overlay: "overlay"
        case .content: "content"
        case .composeSheet, .composeDim: "compose"
        case .segmentView(let segment): "view." + segment.rawValue
        }
    }
}

/// One animatable property of one view: the key of an animation.
public struct PropertyKey: Hashable, Sendable {
    public let view: ViewID
    public let property: ViewProperty

    public init(_ view: ViewID, _ property: ViewProperty) {
        self.view = view
        self.property = property
    }

    /// The property path that reads it: `msg1.x`, `overlay.alpha`, `compose.dim`.
    public var path: String {
        switch (view, property) {
        case (.composeDim, .alpha): "compose.dim"
        default: view.name + "." + property.rawValue
        }
    }
}
