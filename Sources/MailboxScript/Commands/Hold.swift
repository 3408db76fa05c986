import MailboxAnimation
import MailboxSim
import MailboxText

// `hold S`: the finger that is down kept still for S seconds (SPEC §4, §7.20).
extension CommandTable {
    static let hold = CommandSpec(
        "hold", traits: [.moves, .movesFinger], synonyms: ["pause", "still"],
        [.required(.seconds, .duration(max: ScriptLimits.maxPanSeconds))],
        summary: "keep the finger that is down still for S seconds",
        details: """
            Keeps the finger where it is for S seconds, sampled at the frame rate: the clock advances by S and \
            animations run on, and the velocity falls to 0, as a finger's does when it stops (UIKit's pan \
            velocity is that of the last movement). A release after it lifts a still finger, so the zone \
            alone decides: hold before release to see a swipe that stops before it lets go. The same as \
            `pan TARGET DX in S` with the finger's own DX. Refused when no finger is down.
            """,
        example: "hold 0.2"
    ) { a throws(ScriptError) in
        .hold(try a.required(number: .seconds, of: "hold").ticks ?? .zero)
    } arguments: { command in
        guard case .hold(let span) = command else { return nil }
        return Arguments([(.seconds, .number(.duration(span)))])
    }
}

extension Session {
    /// `hold`: the finger that is down moved to where it is, over S, frame by frame (its velocity falls to 0).
    mutating func performHold(_ span: Ticks, watch: some FrameWatcher) throws(ScriptError) {
        guard let gesture = screen.gesture else { throw .fingerNeeded(command: "hold") }
        try sendTimed(.panned(gesture.target, translation: gesture.translation, duration: span), watch)
    }
}
