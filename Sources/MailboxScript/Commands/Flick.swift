import MailboxAnimation
import MailboxSim
import MailboxText

// `flick msgN VX`: a pan and a release in one line (SPEC §4, §7.18).
extension CommandTable {
    static let flick = CommandSpec(
        "flick", traits: [.moves, .beginsInteraction, .movesFinger, .liftsFinger],
        [.required(.message, .message), .required(.velocity, .velocity(max: ScriptLimits.maxFlickVelocity))],
        summary: "a quick swipe of msgN: a pan at VX pt/s and a release at VX, in one line",
        details: """
            Puts a finger down on msgN, moves it at constant speed VX (points a second; negative \
            is left) for \(ScriptLimits.flickDuration.decimalSeconds) s, sampled at the frame rate, and lifts it with \
            velocity VX: the same as `pan msgN D in \(ScriptLimits.flickDuration.decimalSeconds)` then `release VX`, \
            with D = VX × \(ScriptLimits.flickDuration.decimalSeconds). The zone where the row ends decides, as \
            for any release; VX counts where velocity does (escape.velocity, a spring's start). \
            Refused while a finger is down.
            """,
        example: "flick msg1 -1500"
    ) { a throws(ScriptError) in
        guard case .panTarget(.message(let id))? = a[.message] else { throw Arguments.missing(.message, "flick") }
        return .flick(id, velocity: try a.required(number: .velocity, of: "flick").real)
    } arguments: { command in
        guard case let .flick(id, velocity) = command else { return nil }
        return Arguments([(.message, .panTarget(.message(id))), (.velocity, .number(.real(velocity)))])
    }
}

extension Session {
    /// `flick`: a pan at VX for the flick's time, then a release at VX (SPEC §7.18); with the finger down, the
    /// release cannot be refused (§7.1), so a refusal changes nothing.
    mutating func performFlick(_ id: MessageID, velocity: Double, watch: some FrameWatcher) throws(ScriptError) {
        if let gesture = screen.gesture { throw .model(.gestureInProgress(gesture.target)) }
        let time = ScriptLimits.flickDuration
        try sendTimed(
            .panned(
                .message(id), translation: velocity * Double(time.nanoseconds) / Double(Ticks.perSecond),
                duration: time), watch)
        try send(.released(velocity: velocity))
    }
}
