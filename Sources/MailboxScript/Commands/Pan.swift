import MailboxAnimation
import MailboxSim
import MailboxText

// `pan TARGET DX [in S]`: a finger dragging a row or the open menu's content (SPEC §4, §7).
extension CommandTable {
    static let pan = CommandSpec(
        "pan", traits: [.moves, .beginsInteraction, .movesFinger], synonyms: ["drag"],
        [
            .required(.target, .panTarget), .required(.dx, .distance),
            .optional(.seconds, .duration(max: ScriptLimits.maxPanSeconds), after: "in")
        ],
        summary: "drag a message (msgN) or the open menu's content to translation DX",
        details: """
            Puts a finger down on TARGET if none is down, then moves it to translation DX (points from \
            where it went down) at constant speed over S seconds \
            (default \(ScriptLimits.defaultPanDuration.decimalSeconds)), sampled at the frame rate; \
            the clock advances by S. A second pan on the same target continues the gesture.
            """,
        example: "pan msg1 -180 in 0.3"
    ) { a throws(ScriptError) in
        guard case .panTarget(let target)? = a[.target] else { throw Arguments.missing(.target, "pan") }
        return .pan(target, translation: try a.required(number: .dx, of: "pan").real, duration: a.ticks(.seconds))
    } arguments: { command in
        switch command {
        case .pan(.edge, _, _): return nil  // `edgepan`'s
        case let .pan(target, translation, duration):
            return Arguments([
                (.target, .panTarget(target)), (.dx, .number(.real(translation))),
                (.seconds, duration.map { .number(.duration($0)) })
            ])
        default: return nil
        }
    }
}

extension Session {
    /// `pan`: the finger down on TARGET if none is, moved to DX over S, frame by frame.
    mutating func performPan(
        _ target: PanTarget, translation: Double, duration: Ticks?, watch: some FrameWatcher
    ) throws(ScriptError) {
        try sendTimed(
            .panned(target, translation: translation, duration: duration ?? ScriptLimits.defaultPanDuration), watch)
    }
}
