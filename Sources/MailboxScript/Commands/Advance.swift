import MailboxAnimation
import MailboxSim
import MailboxText

// `advance S`: the virtual clock moved on (SPEC §4).
extension CommandTable {
    static let advance = CommandSpec(
        "advance", traits: .moves, aliases: ["wait"], synonyms: ["sleep"],
        [.required(.seconds, .duration(max: ScriptLimits.maxAdvanceSeconds))],
        summary: "move the clock S seconds",
        details:
            """
            Moves the virtual clock S seconds; animations that complete on the way start their follow-ups at \
            their exact end time. Costs the same for any S.
            """,
        example: "advance 0.15"
    ) { a throws(ScriptError) in
        .advance(try a.required(number: .seconds, of: "advance").ticks ?? .zero)
    } arguments: { command in
        guard case .advance(let span) = command else { return nil }
        return Arguments([(.seconds, .number(.duration(span)))])
    }
}

extension Session {
    /// `advance`: the clock S seconds on, frame by frame.
    mutating func performAdvance(_ span: Ticks, watch: some FrameWatcher) throws(ScriptError) {
        guard let target = screen.now.adding(span) else { throw .model(.clockOverflow) }
        try sendTimed(.clockAdvanced(to: target), watch)
    }
}
