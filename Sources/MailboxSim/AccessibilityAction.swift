/// An outcome a message row offers to VoiceOver as a custom action (SwipeCellKit's accessibility actions):
/// `act msgN NAME` does what a release in that zone does, without a gesture.
public enum AccessibilityAction: String, CaseIterable, Sendable {
    case later, list, archive, delete

    /// The zone a release would have been in.
    public var zone: SwipeZone {
        switch self {
        case .later: .later
        case .list: .list
        case .archive: .archive
        case .delete: .delete
        }
    }
}
