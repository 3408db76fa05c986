import MailboxAnimation
import MailboxSim
import MailboxText

// `release [VX]`: the finger lifts (SPEC §4).
extension CommandTable {
    static let release = CommandSpec(
        "release", traits: [.changes, .liftsFinger], [.optional(.velocity, .velocity(max: ScriptLimits.maxVelocity))],
        summary: "lift the finger, optionally with velocity VX (pt/s)",
        details:
            """
            Lifts the finger. The zone at release decides what happens; VX overrides the velocity, which is \
            otherwise that of the last sampled movement.
            """,
        example: "release"
    ) { a throws(ScriptError) in
        .release(velocity: a.number(.velocity)?.real)
    } arguments: { command in
        guard case .release(let velocity) = command else { return nil }
        return Arguments([(.velocity, velocity.map { .number(.real($0)) })])
    }
}

extension Session {
    /// `release`: the finger lifts; the zone it is in decides.
    mutating func performRelease(velocity: Double?) throws(ScriptError) {
        try send(.released(velocity: velocity))
    }
}
