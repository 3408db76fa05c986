import MailboxHandoff
import Testing

/// The formats' names and files: what `mailsim export`, the prompt's `export` and the playground's Export offer.
@Suite struct HandoffFormatTests {
    @Test func formatsAreNamedOnce() {
        #expect(HandoffFormat.allCases.map(\.rawValue) == ["swift", "js", "tokens", "css"])
        #expect(HandoffFormat.swift.fileName() == "MailboxInteraction.swift")
        #expect(HandoffFormat.js.fileName() == "mailbox-interaction.mjs")
    }
}
