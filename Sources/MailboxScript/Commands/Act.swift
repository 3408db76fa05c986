import MailboxAnimation
import MailboxSim
import MailboxText

// `act msgN ACTION`: an accessibility action (SPEC §4).
extension CommandTable {
    static let act = CommandSpec(
        "act", traits: [.changes, .beginsInteraction, .outlined],
        [.required(.message, .message), .required(.action, .accessibilityAction)],
        summary: "an accessibility action on msgN: later, list, archive or delete, without a gesture",
        details:
            """
            Does what VoiceOver's custom actions do (SwipeCellKit's accessibility actions): the row slides out \
            from where it is (x 0 at rest) as a release in that zone does, then the overlay or the hide follows. \
            Refused wherever a finger going down on the row would be.
            """,
        example: "act msg2 archive"
    ) { a throws(ScriptError) in
        guard case .panTarget(.message(let id))? = a[.message] else { throw Arguments.missing(.message, "act") }
        let word = try a.required(word: .action, of: "act")
        guard let action = AccessibilityAction(rawValue: word) else {
            throw .unknownAction(word, suggestion: nil, actions: AccessibilityAction.allCases.map({ $0.rawValue }))
        }
        return .act(id, action)
    } arguments: { command in
        guard case let .act(id, action) = command else { return nil }
        return Arguments([(.message, .panTarget(.message(id))), (.action, .text(action.rawValue))])
    }
}

extension Session {
    /// `act`: an accessibility action on a row.
    mutating func performAct(_ id: MessageID, _ action: AccessibilityAction) throws(ScriptError) {
        try send(.acted(id, action))
    }
}
