import MailboxAnimation
import MailboxSim
import MailboxText

// `swipe msgN near|far left|right`: a whole swipe to one action, a pan and a release in one line (SPEC §4, §7.21).
extension CommandTable {
    static let swipe = CommandSpec(
        "swipe", traits: [.moves, .beginsInteraction, .movesFinger, .liftsFinger], synonyms: ["slide"],
        [
            .required(.message, .message), .required(.reach, .choice(SwipeReach.words)),
            .required(.side, .choice(SwipeSide.words))
        ],
        summary: "a whole swipe of msgN into the middle of its near or far zone on one side, and a release",
        details: """
            Puts a finger down on msgN, moves it over \(ScriptLimits.defaultPanDuration.decimalSeconds) s, \
            sampled at the frame rate, into the middle of a zone of that side, and lifts it moving: the same as \
            `pan msgN D` then `release`. near: D halfway between the side's near and far thresholds (±160 with \
            SPEC's 60 and 260: later on the left, archive on the right); far: D \
            \(formatNumber(SwipeReach.pastFar, decimals: 0)) past the far threshold (±290: list, delete). The \
            thresholds are those in force (threshold.left.near…). Refused while a finger is down.
            """,
        example: "swipe msg1 far left"
    ) { a throws(ScriptError) in
        guard case .panTarget(.message(let id))? = a[.message] else { throw Arguments.missing(.message, "swipe") }
        guard let reach = SwipeReach(rawValue: try a.required(word: .reach, of: "swipe")),
            let side = SwipeSide(rawValue: try a.required(word: .side, of: "swipe"))
        else { throw Arguments.missing(.reach, "swipe") }
        return .swipe(id, reach, side)
    } arguments: { command in
        guard case let .swipe(id, reach, side) = command else { return nil }
        return Arguments([
            (.message, .panTarget(.message(id))), (.reach, .text(reach.rawValue)), (.side, .text(side.rawValue))
        ])
    }
}

/// How far a `swipe` goes: into its side's near action's zone, or its far action's.
public enum SwipeReach: String, CaseIterable, Sendable {
    case near, far

    /// How far past the far threshold a far swipe ends, in points.
    public static let pastFar = 30.0
    static let words = allCases.map { $0.rawValue }

    /// Where a swipe of this reach ends, in points from rest (|x|), with `side`'s thresholds: the middle of the
    /// near zone, or `pastFar` into the far one.
    public func distance(_ side: SideThresholds) -> Double {
        switch self {
        case .near: (side.near + side.far) / 2
        case .far: side.far + Self.pastFar
        }
    }
}

/// The side a `swipe` goes to: left (x < 0: later, list) or right (archive, delete).
public enum SwipeSide: String, CaseIterable, Sendable {
    case left, right
    static let words = allCases.map { $0.rawValue }
}

extension Session {
    /// `swipe`: `pan msgN D` over the pan's default time, then a release with the velocity of the last sampled
    /// movement (SPEC §7.21); with the finger down, the release cannot be refused (§7.1), so a refusal changes
    /// nothing.
    mutating func performSwipe(
        _ id: MessageID, _ reach: SwipeReach, _ side: SwipeSide, watch: some FrameWatcher
    ) throws(ScriptError) {
        if let gesture = screen.gesture { throw .model(.gestureInProgress(gesture.target)) }
        let thresholds = screen.settings.thresholds
        let translation =
            switch side {
            case .left: -reach.distance(thresholds.left)
            case .right: reach.distance(thresholds.right)
            }
        try sendTimed(.panned(.message(id), translation: translation, duration: ScriptLimits.defaultPanDuration), watch)
        try send(.released(velocity: nil))
    }
}
