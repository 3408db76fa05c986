import MailboxAnimation
import MailboxSim
import MailboxText

// `! COMMAND`: a check that the command is refused (SPEC §4).
extension CommandTable {
    static let bang = CommandSpec(
        "!", traits: .checks, [.required(.command, .command)], summary: "assert that COMMAND is refused",
        details:
            """
            Succeeds when COMMAND fails with an error (and so changes nothing), whatever the error, an unknown \
            command name included; a `!` command that succeeds is a failed expectation.
            """,
        example: "! release"
    ) { a throws(ScriptError) in
        guard case .command(let command, let text)? = a[.command] else { throw Arguments.missing(.command, "!") }
        return .mustFail(command, text: text)
    } arguments: { command in
        // A line inside `!` that did not parse (`.invalid`) has no words of its own.
        guard case let .mustFail(inner, text) = command else { return nil }
        return Arguments([(.command, .command(inner, text: text))])
    }
}

extension Session {
    /// `! COMMAND`: the command run on a trial copy of the outcome; its refusal is the check's success, and a
    /// refused command has changed nothing. A built command inside is held to the bounds its line would be (a typed
    /// one already was).
    mutating func performMustFail(_ inner: Command, text: String, into outcome: inout Outcome) {
        if let refusal = inner.boundsRefusal {
            outcome.check = .refusedAsExpected(refusal)
            return
        }
        var trial = outcome
        do {
            try perform(inner, into: &trial, watch: Unwatched())
        } catch {
            outcome.check = .refusedAsExpected(error)
            return
        }
        outcome.check = .failed(.unexpectedSuccess(command: text))
    }
}
