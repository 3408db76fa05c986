import MailboxAnimation
import MailboxText

/// The exported Swift file's curves: the glue that turns a `Curve` and a time into progress, and a spring's settling
/// into a duration, around the model's own arithmetic (`EmbeddedCurveMath`: MailboxAnimation's CurveMath, embedded).
extension SwiftDecisions {
    static func curves(typeName: String) -> String {
        """
        // MARK: - Curves, computed as mailsim computes them

        extension \(typeName) {
            /// The largest spring initial velocity, in distances a second either way (mailsim's bound).
            public static let fastestInitialVelocity: Double = \(formatExact(Spring.fastestInitialVelocity))
            /// The longest a spring lasts, in seconds: one still moving then ends there, at its target.
            public static let longestSettlingDuration: Double = \(formatExact(Spring.longestSettlingDuration))

            /// Seconds after which a spring moving `distance` stays within `property`'s settle distance of its \
        target and
            /// slower than its settle speed: from bounds on the envelopes of the displacement and its velocity.
            public static func springSettlingDuration(
                dampingRatio: Double, response: Double, initialVelocity: Double, distance: Double, property: Property
            ) -> Double {
                guard distance > 0 else { return 0 }
                let seconds = CurveMath.withinSettlingDuration(
                    dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity,
                    position: property.settleDistance / distance, velocity: property.settleSpeed / distance)
                guard seconds >= 0 else { return seconds.isNaN ? longestSettlingDuration : 0 }
                return min(seconds, longestSettlingDuration)
            }
        }

        extension \(typeName).Curve {
            /// Progress (0 at the start, 1 at the end; a spring may pass 1) `elapsed` seconds into an animation of
            /// `duration` seconds; a spring starts with `initialVelocity` distances a second.
            public func progress(elapsed: Double, duration: Double, initialVelocity: Double = 0) -> Double {
                if elapsed >= duration { return 1 }
                if elapsed <= 0 { return 0 }
                switch self {
                case let .bezier(x1, y1, x2, y2):
                    return \(typeName).CurveMath.bezierProgress(elapsed / duration, x1, y1, x2, y2)
                case let .spring(dampingRatio, response):
                    return 1 - \(typeName).CurveMath.springDisplacement(
                        at: elapsed, dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
                }
            }
        }

        // MARK: - mailsim's curve arithmetic (Sources/MailboxAnimation/CurveMath.swift, embedded as it is)

        extension \(typeName) {
        \(EmbeddedCurveMath.text(indent: "    "))}

        """
    }
}
