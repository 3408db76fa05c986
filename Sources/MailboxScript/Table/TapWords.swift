import MailboxSim

extension TapTarget {
    /// The one-word targets, as scripts spell them; `segment` takes a segment name after it. (Script syntax: the
    /// model knows the targets, the script layer how they are written.)
    public static let words: [(word: String, target: TapTarget?)] =
        ([TapTarget.compose, .menu, .cancel, .undo, .deleteDraft, .keepDraft]
        + ComposeSheet.Field.allCases.map(TapTarget.field)).map { ($0.name, $0) } + [("segment", nil)]
}
