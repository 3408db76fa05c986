/// The two options overlays a left swipe shows.
public enum OverlayKind: String, CaseIterable, Sendable {
    case reschedule, list

    /// The options it offers, in the order shown.
    public var options: [String] {
        switch self {
        case .reschedule:
            ["later-today", "this-evening", "tomorrow", "this-weekend", "next-week", "in-a-month", "someday"]
        case .list: ["to-buy", "to-read", "to-watch"]
        }
    }

    /// The folder the message goes to when the overlay is dismissed without cancel.
    public var destination: Folder { self == .reschedule ? .later : .list }

    /// How errors name it: "the reschedule options".
    public var title: String { "the \(rawValue) options" }
}

/// One option of an options overlay (`tomorrow`, `to-read`), by its place in `OverlayKind.options`: plain data, so
/// that a row, an undo record and an animation's follow-up that carry one are plain data too, copied without
/// reference counting (docs/performance.md).
public struct OverlayOption: Hashable, Sendable {
    public let kind: OverlayKind
    private let index: UInt8

    /// The option of `kind` named `name`, if it offers one.
    public init?(_ kind: OverlayKind, named name: String) {
        guard let index = kind.options.firstIndex(of: name) else { return nil }
        self.kind = kind
        self.index = UInt8(index)
    }

    /// Its name, as `choose` takes it and `msgN.snooze` shows it.
    public var name: String { kind.options[Int(index)] }
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
        self.undo = UndoRecord(
            message: row.id, folder: kind.destination, side: -1, snooze: row.snoozeOption, list: row.listOption)
    }

    /// How an overlay was dismissed.
    public enum Dismissal: Equatable, Sendable {
        /// Tapped away or an option chosen: the message hides into the overlay's folder.
        case finish(option: String?)
        /// `tap cancel`: the message slides back into the inbox.
        case cancel
    }
}
