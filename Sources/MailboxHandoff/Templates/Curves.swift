// The exported Swift set's curves, a Swift file of its own (`MailboxInteraction+Curves.swift`): the glue that turns a
// `Curve` and a time into progress, and a spring's settling into a duration, around the model's own arithmetic
// (`EmbeddedCurveMath`: MailboxAnimation's CurveMath, embedded at `// __curveMath__`). `mailsim export swift` writes
// the lines between the TEMPLATE markers, each `__name__` filled by `SwiftDecisions.curves` (Template.swift);
// tools/check-templates.sh checks it.
// BEGIN TEMPLATE
// MARK: - Curves, computed as mailsim computes them

extension __typeName__ {
    /// The largest spring initial velocity, in distances a second either way (mailsim's bound).
    public static let fastestInitialVelocity: Double = __fastestInitialVelocity__
    /// The longest a spring lasts, in seconds: one still moving then ends there, at its target.
    public static let longestSettlingDuration: Double = __longestSettlingDuration__

    /// Seconds after which a spring moving `distance` stays within `property`'s settle distance of its target and
    /// slower than its settle speed: from bounds on the envelopes of the displacement and its velocity.
    public static func springSettlingDuration(
        dampingRatio: Double, response: Double, initialVelocity: Double, distance: Double, property: Property
    ) -> Double {
        let seconds = CurveMath.settlingDuration(
            dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity, distance: distance,
            position: property.settleDistance, speed: property.settleSpeed)
        return CurveMath.settledWithin(seconds, longest: longestSettlingDuration)
    }
}

extension __typeName__.Curve {
    /// Progress (0 at the start, 1 at the end; a spring may pass 1) `elapsed` seconds into an animation of
    /// `duration` seconds; a spring starts with `initialVelocity` distances a second.
    public func progress(elapsed: Double, duration: Double, initialVelocity: Double = 0) -> Double {
        if elapsed >= duration { return 1 }
        if elapsed <= 0 { return 0 }
        switch self {
        case let .bezier(x1, y1, x2, y2):
            return __typeName__.CurveMath.bezierProgress(elapsed / duration, x1, y1, x2, y2)
        case let .spring(dampingRatio, response):
            return 1
                - __typeName__.CurveMath.springDisplacement(
                    at: elapsed, dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
        }
    }
}

// MARK: - mailsim's curve arithmetic (Sources/MailboxAnimation/CurveMath.swift, embedded as it is)

extension __typeName__ {
    // __curveMath__
}
// END TEMPLATE
