/// The three segments of the title's segmented control, left to right.
public enum Segment: String, CaseIterable, Sendable {
    case later, mailbox, archive
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
    public var index: Int {
        switch self {
        case .later: 0
        case .mailbox: 1
        case .archive: 2
        }
    }

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
