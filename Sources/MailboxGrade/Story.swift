/// A user story of the Mailbox assignment that a walkthrough can show, by the id `mailsim grade` prints.
public enum Story: String, CaseIterable, Sendable {
    case leftGray = "left-gray"
    case leftSnapback = "left-snapback"
    case leftYellow = "left-yellow"
    case leftReschedule = "left-reschedule"
    case leftBrown = "left-brown"
    case leftList = "left-list"
    case optionsDismiss = "options-dismiss"
    case rightGray = "right-gray"
    case rightSnapback = "right-snapback"
    case rightGreen = "right-green"
    case rightArchive = "right-archive"
    case rightRed = "right-red"
    case rightDelete = "right-delete"
    case menu
    case compose
    case segments
    case undo

    /// Whether the assignment requires it (the rest are optional).
    public var isRequired: Bool {
        switch self {
        case .menu, .compose, .segments, .undo: false
        default: true
        }
    }

    /// What it is, in the assignment's words (the seeds' checklists).
    public var summary: String {
        switch self {
        case .leftGray: "dragging left, the background is gray at first"
        case .leftSnapback: "released before the first threshold (left), the row snaps back"
        case .leftYellow: "dragged left past the near threshold, the background turns yellow"
        case .leftReschedule: "released yellow, the row slides off and the reschedule options appear"
        case .leftBrown: "dragged left past the far threshold, the background turns brown"
        case .leftList: "released brown, the row slides off and the list options appear"
        case .optionsDismiss: "a tap dismisses the options and the row finishes hiding (the feed moves up)"
        case .rightGray: "dragging right, the background is gray at first"
        case .rightSnapback: "released before the first threshold (right), the row snaps back"
        case .rightGreen: "dragged right past the near threshold, the background turns green"
        case .rightArchive: "released green, the row slides off and hides (archive)"
        case .rightRed: "dragged right past the far threshold, the background turns red"
        case .rightDelete: "released red, the row slides off and hides (delete)"
        case .menu: "an edge pan reveals the menu"
        case .compose: "the compose sheet comes up"
        case .segments: "the segmented control switches views"
        case .undo: "shake to undo brings the last row back"
        }
    }
}
