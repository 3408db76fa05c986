import MailboxText

/// The lines of an interactive session kept for `save`, in a form that replays to the same state: what changed
/// or checked the screen as typed, a `!` line whose command unexpectedly succeeded as that command alone, and
/// nothing for what only looked or failed (`Session.Outcome.replay` says which). The REPL keeps one; so will the
/// playground, whose every session is a script.
public struct Transcript: Sendable {
    public private(set) var lines: [String] = []

    public init() {}

    /// Keeps the line `text` (as typed) as `replay` says.
    public mutating func keep(_ text: String, _ replay: Session.Replay) {
        switch replay {
        case .asTyped: lines.append(text.trimmingBlanks)
        case .command(let command): lines.append(command)
        }
    }
}
