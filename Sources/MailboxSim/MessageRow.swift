
/// One message and its row in the mailbox feed.
public struct MessageRow: Equatable, Sendable {
    public let id: MessageID
    public var folder: Folder = .inbox
    /// Model (final) values of the row's animatable properties; on screen they may still be animating.
    public var x: Double = 0
    public var height: Double = Metrics.rowHeight
    public var alpha: Double = 1
    /// Set from release on: the zone whose background and icon the row keeps showing, whatever x does.
    public var latch: SwipeZone?
    /// The option chosen on the reschedule or list overlay.
    public var snooze: String?
    public var list: String?

    public init(id: MessageID) { self.id = id }

    /// True while the row is in the mailbox feed.
    public var visible: Bool { folder == .inbox }
}

/// The row state an undo puts back: which message, where it went, the side it left by, its options before.
public struct UndoRecord: Equatable, Sendable {
    public let message: MessageID
    public let folder: Folder
    public let side: Double
    public let snooze: String?
    public let list: String?
}
