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
    /// The option chosen on the reschedule overlay, and on the list overlay.
    public internal(set) var snoozeOption: OverlayOption?
    public internal(set) var listOption: OverlayOption?

    /// The names of those options (`tomorrow`, `to-read`).
    public var snooze: String? { snoozeOption?.name }
    public var list: String? { listOption?.name }

    public init(id: MessageID) { self.id = id }

    /// True while the row is in the mailbox feed.
    public var visible: Bool { folder == .inbox }
}

/// The row state an undo puts back: which message, where it went, the side it left by, its options before.
public struct UndoRecord: Equatable, Sendable {
    public let message: MessageID
    public let folder: Folder
    public let side: Double
    public let snoozeOption: OverlayOption?
    public let listOption: OverlayOption?

    init(message: MessageID, folder: Folder, side: Double, snooze: OverlayOption?, list: OverlayOption?) {
        self.message = message
        self.folder = folder
        self.side = side
        snoozeOption = snooze
        listOption = list
    }

    /// The names of the options it puts back.
    public var snooze: String? { snoozeOption?.name }
    public var list: String? { listOption?.name }
}
