import MailboxAnimation
import MailboxSim
import MailboxText

// `type TEXT`: text typed into the compose sheet (SPEC §4).
extension CommandTable {
    static let type = CommandSpec(
        "type", traits: .changes, [.required(.text, .text)], summary: "type into the compose sheet's focused field",
        details: "Types TEXT (the rest of the line) into the focused field of the compose sheet.",
        example: "type hello"
    ) { a throws(ScriptError) in
        .type(try a.required(word: .text, of: "type"))
    } arguments: { command in
        guard case .type(let text) = command else { return nil }
        return Arguments([(.text, .text(text))])
    }
}

extension Session {
    /// `type`: text into the compose sheet's focused field.
    mutating func performType(_ text: String) throws(ScriptError) {
        try send(.typed(text))
    }
}
