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
