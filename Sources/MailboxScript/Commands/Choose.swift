import MailboxAnimation
import MailboxSim
import MailboxText

// `choose OPTION`: an option of the reschedule or list overlay (SPEC §4).
extension CommandTable {
    static let choose = CommandSpec(
        "choose", traits: [.changes, .beginsInteraction], [.required(.option, .overlayOption)],
        summary: "pick an option on the reschedule or list overlay",
        details: "Dismisses the overlay like a tap and records OPTION on the message (msgN.snooze or msgN.list).",
        example: "choose tomorrow"
    ) { a throws(ScriptError) in
        .choose(try a.required(word: .option, of: "choose"))
    } arguments: { command in
        guard case .choose(let option) = command else { return nil }
        return Arguments([(.option, .text(option))])
    }
}

extension Session {
    /// `choose`: an option of the overlay that is up.
    mutating func performChoose(_ option: String) throws(ScriptError) {
        try send(.chose(option))
    }
}
