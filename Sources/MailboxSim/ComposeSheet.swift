import MailboxAnimation
import MailboxText

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
    public enum Field: String, CaseIterable, Sendable { case to }
}
