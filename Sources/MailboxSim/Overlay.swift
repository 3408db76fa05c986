
/// The two options overlays a left swipe shows.
public enum OverlayKind: String, CaseIterable, Sendable {
    case reschedule, list

    /// The options it offers, in the order shown.
    public var options: [String] {
        switch self {
        case .reschedule: ["later-today", "this-evening", "tomorrow", "this-weekend", "next-week", "in-a-month", "someday"]
        case .list: ["to-buy", "to-read", "to-watch"]
        }
    }

    /// The folder the message goes to when the overlay is dismissed without cancel.
    public var destination: Folder { self == .reschedule ? .later : .list }

    /// How errors name it: "the reschedule options".
    public var title: String { "the \(rawValue) options" }
}

/// An options overlay on screen (fading in, up, or fading out) for one message.
public struct Overlay: Equatable, Sendable {
    public let kind: OverlayKind
    public let message: MessageID
    /// What an undo restores if the message leaves: taken when the overlay appears, before any option is chosen.
    public let undo: UndoRecord
    /// Set once the overlay is being dismissed: what happens when it has faded out.
    public var dismissal: Dismissal?

    /// An overlay for the row `row`, which is about to leave for the overlay's folder.
    public init(kind: OverlayKind, row: MessageRow) {
        self.kind = kind
        self.message = row.id
        self.undo = UndoRecord(message: row.id, folder: kind.destination, side: -1, snooze: row.snooze, list: row.list)
    }

    /// How an overlay was dismissed.
    public enum Dismissal: Equatable, Sendable {
        /// Tapped away or an option chosen: the message hides into the overlay's folder.
        case finish(option: String?)
        /// `tap cancel`: the message slides back into the inbox.
        case cancel
    }
}
