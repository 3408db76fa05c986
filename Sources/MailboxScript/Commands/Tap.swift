import MailboxAnimation
import MailboxSim
import MailboxText

// `tap [TARGET]`: a tap on what is on top or on a named target (SPEC §4).
extension CommandTable {
    static let tap = CommandSpec(
        "tap", traits: [.changes, .beginsInteraction], synonyms: ["click", "press"], [.optional(.target, .tapTarget)],
        summary: "tap what is on top, or "
            + TapTarget.words.map { $0.target == nil ? $0.word + " NAME" : $0.word }
            .joined(separator: ", "),
        details:
            """
            With no target, taps what is on top: it dismisses an options overlay, and is an error when nothing is \
            up. `tap cancel` cancels what is up: the options overlay (the message slides back), the compose sheet \
            (whatever was typed; with `set compose.draft-alert on`, asking about the draft first), or an alert. \
            `tap undo` answers the undo alert; `tap delete-draft` and `tap keep-draft` the draft alert (both \
            close the sheet; keep-draft keeps the text for the next compose). `tap menu` opens or closes the \
            menu; `tap segment NAME` selects later, mailbox or archive.
            """,
        example: "tap cancel"
    ) { a throws(ScriptError) in
        if case .tapTarget(let target)? = a[.target] { return .tap(target) }
        return .tap(nil)
    } arguments: { command in
        switch command {
        case .tap(.compose?): return nil  // `compose`'s
        case .tap(let target): return Arguments([(.target, target.map { .tapTarget($0) })])
        default: return nil
        }
    }
}

extension Session {
    /// `tap` (and `compose`, a tap on compose): what is on top, or the target named.
    mutating func performTap(_ target: TapTarget?) throws(ScriptError) {
        try send(.tapped(target))
    }
}
