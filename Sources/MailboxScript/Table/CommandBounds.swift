import MailboxAnimation
import MailboxSim
import MailboxText

/// The bounds the parser holds a line's numbers to, for a command a front end built rather than parsed: a page's
/// drag may go past the largest translation, and it is refused in the same words as the line would have been. It
/// is derived from the table: each number the entry's `arguments` give, checked by its parameter's kind.
extension Command {
    /// The error the parser gives this command's line (its numbers written as `scriptLine` writes them) when a
    /// number is out of its parameter's bounds (`ArgumentKind.refusal`, the parser's own); nil when every number
    /// is within them. The settings `set` changes are held to theirs when they are applied; the command inside
    /// `!` when it runs (`Session`).
    var boundsRefusal: ScriptError? {
        let spec = self.spec
        guard let arguments = spec.arguments(self) else { return nil }
        for parameter in spec.parameters {
            guard case .number(let number)? = arguments[parameter.key],
                let refusal = parameter.kind.refusal(of: number)
            else { continue }
            return refusal.error(command: spec.name, parameter: parameter.name, text: number.scriptText)
        }
        return nil
    }
}
