/// An alert on screen: the undo question after a shake, or the draft question when cancelling compose.
public enum Alert: String, CaseIterable, Sendable {
    case undo, draft

    /// Its title, as the phone shows it.
    public var title: String {
        switch self {
        case .undo: "Undo last action?"
        case .draft: "Delete or keep this draft?"
        }
    }

    /// The buttons, as `tap` targets.
    public var buttons: [TapTarget] {
        switch self {
        case .undo: [.cancel, .undo]
        case .draft: [.deleteDraft, .keepDraft, .cancel]
        }
    }
}

/// The compose sheet: where it is, how dim the screen behind it is, and what was typed.
public struct ComposeSheet: Equatable, Sendable {
    /// Model values of the sheet's y and the dim layer's alpha.
    var y = Metrics.screenHeight
    var dim = 0.0
    /// The field with the keyboard: `to` while the sheet is up.
    public internal(set) var focus: Field?
    /// What was typed into the To field (kept by Keep Draft).
    public internal(set) var to = ""

    /// The sheet's fields.
    public enum Field: String, Sendable { case to }
}

/// The segmented control in the title, and where each segment's view is.
public struct SegmentedControl: Equatable, Sendable {
    public internal(set) var selected: Segment = .mailbox
    /// Model values of each view's x: the selected one at 0, the others off to their sides.
    var viewX: [Double] = Segment.allCases.map { Double($0.index - Segment.mailbox.index) * Metrics.screenWidth }

    /// The tint of the control: the colour of the selected segment.
    public var tint: PaletteColor { selected.tint }
}

extension Segment {
    /// Left to right: 0, 1, 2.
    public var index: Int { Segment.allCases.firstIndex(of: self)! }

    public var tint: PaletteColor {
        switch self {
        case .later: .yellow
        case .mailbox: .blue
        case .archive: .green
        }
    }

    /// The folder whose messages the segment's view lists.
    public var folder: Folder {
        switch self {
        case .later: .later
        case .mailbox: .inbox
        case .archive: .archive
        }
    }
}
