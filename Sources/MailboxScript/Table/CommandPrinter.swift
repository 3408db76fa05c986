import MailboxAnimation
import MailboxSim
import MailboxText

/// The one printer of commands: the line a front end writes into a script for a command it built (the
/// playground's drags, taps and ticks), which reads back as that same command (tested for every entry and over
/// every script's lines). It is derived from the table: the entry's name, then its arguments (`CommandSpec.arguments`)
/// in the order of its parameters, each as its kind writes it.
extension Command {
    /// The command as a script line: its words in the table's order, numbers in the shortest text that reads back
    /// exactly, optional arguments and flags only when given. `!` keeps its command's text as written; `.invalid`,
    /// which only stands inside `!`, has no line of its own and prints as nothing.
    public var scriptLine: String {
        let spec = self.spec
        guard let arguments = spec.arguments(self) else { return "" }
        var line = spec.name
        for parameter in spec.parameters {
            guard let value = arguments[parameter.key] else { continue }
            line += " " + value.scriptText(as: parameter)
        }
        return line
    }

    /// Whether `type TEXT` written bare (the rest of the line) reads back as TEXT: it is not empty, neither starts
    /// nor ends with a blank, holds no character the lexer refuses, no word starting with `"` (a quoted word) and
    /// no lone `#` (a comment). Otherwise the printer quotes it; the playground refuses such a key instead.
    public static func typesBare(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        if Lexer.isBlank(first) || Lexer.isBlank(last) { return false }
        var wordStart = true
        var lone = false
        for scalar in scalars {
            if Lexer.isBlank(scalar) {
                if lone { return false }
                wordStart = true
                continue
            }
            if Lexer.unprintable(scalar) != nil || (wordStart && scalar == "\"") { return false }
            lone = wordStart && scalar == "#"
            wordStart = false
        }
        return !lone
    }
}
