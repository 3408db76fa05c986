import MailboxAnimation
import MailboxText

/// The exported Swift file's curves: a cubic Bézier solved as MailboxAnimation's CubicBezier solves it (Newton's
/// method to 1e-9, then bisection) and a spring in closed form as its Spring does, with the same settling rule.
extension SwiftDecisions {
    static func curves(typeName: String) -> String {
        """
        // MARK: - Curves, computed as mailsim computes them

        extension \(typeName) {
            /// The largest spring initial velocity, in distances a second either way (mailsim's bound).
            public static let fastestInitialVelocity: Double = \(formatExact(Spring.fastestInitialVelocity))
            /// The longest a spring lasts, in seconds: one still moving then ends there, at its target.
            public static let longestSettlingDuration: Double = \(formatExact(Spring.longestSettlingDuration))

            /// Seconds after which a spring moving `distance` stays within `property`'s settle distance of its target and
            /// slower than its settle speed: from bounds on the envelopes of the displacement and its velocity.
            public static func springSettlingDuration(
                dampingRatio: Double, response: Double, initialVelocity: Double, distance: Double, property: Property
            ) -> Double {
                guard distance > 0 else { return 0 }
                let seconds = withinSettlingDuration(
                    dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity,
                    position: property.settleDistance / distance, velocity: property.settleSpeed / distance)
                guard seconds >= 0 else { return seconds.isNaN ? longestSettlingDuration : 0 }
                return min(seconds, longestSettlingDuration)
            }

            static func withinSettlingDuration(
                dampingRatio z: Double, response: Double, initialVelocity v0: Double, position: Double, velocity: Double
            ) -> Double {
                let w = 2 * Double.pi / response
                if z < 1 {
                    let wd = w * (1 - z * z).squareRoot()
                    let b = (z * w - v0) / wd
                    let amplitude = (1 + b * b).squareRoot()
                    let t = max(log(amplitude / position), log(amplitude * w / velocity)) / (z * w)
                    return max(0, t)
                } else if z == 1 {
                    let c = w - v0
                    let position = crossing(a: 1, b: abs(c), rate: w, below: position)
                    let speed = crossing(a: abs(v0), b: w * abs(c), rate: w, below: velocity)
                    return max(position, speed)
                } else {
                    let root = (z * z - 1).squareRoot()
                    let r1 = -w * (z - root)
                    let r2 = -w * (z + root)
                    let c2 = (-v0 - r1) / (r2 - r1)
                    let c1 = 1 - c2
                    let k = abs(c1) + abs(c2)
                    let kv = abs(c1 * r1) + abs(c2 * r2)
                    let t = max(log(k / position), log(kv / velocity)) / -r1
                    return max(0, t)
                }
            }

            /// The instant after which e^(−rate·t)(a + b·t) stays at or below `limit` (bisection past its one peak).
            static func crossing(a: Double, b: Double, rate: Double, below limit: Double) -> Double {
                func envelope(_ t: Double) -> Double { exp(-rate * t) * (a + b * t) }
                let peak = b > 0 ? max(0, 1 / rate - a / b) : 0
                if envelope(peak) <= limit { return 0 }
                var low = peak
                var high = max(peak, 1 / rate) * 2 + 1 / rate
                while envelope(high) > limit && high < 1e9 { high *= 2 }
                for _ in 0..<200 {
                    let mid = (low + high) / 2
                    if mid == low || mid == high { break }
                    if envelope(mid) > limit { low = mid } else { high = mid }
                }
                return high
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
                    return Self.bezierProgress(elapsed / duration, x1, y1, x2, y2)
                case let .spring(dampingRatio, response):
                    return 1 - Self.springDisplacement(
                        at: elapsed, dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
                }
            }

            /// The Bézier's y at time fraction `x`: its parameter t found by Newton's method, else bisection.
            static func bezierProgress(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
                if x <= 0 { return 0 }
                if x >= 1 { return 1 }
                let cx = 3 * x1
                let bx = 3 * (x2 - x1) - cx
                let ax = 1 - cx - bx
                let cy = 3 * y1
                let by = 3 * (y2 - y1) - cy
                let ay = 1 - cy - by
                func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
                func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
                func parameter() -> Double {
                    let epsilon = 1e-9
                    var t = x
                    for _ in 0..<8 {
                        let error = sampleX(t) - x
                        if abs(error) < epsilon { return t }
                        let slope = slopeX(t)
                        if abs(slope) < 1e-12 { break }
                        t -= error / slope
                    }
                    var low = 0.0
                    var high = 1.0
                    t = x
                    if t < low { return low }
                    if t > high { return high }
                    while low < high {
                        let value = sampleX(t)
                        if abs(value - x) < epsilon { return t }
                        if x > value { low = t } else { high = t }
                        let next = (high - low) / 2 + low
                        if next == t { break }
                        t = next
                    }
                    return t
                }
                let t = parameter()
                return ((ay * t + by) * t + cy) * t
            }

            /// A spring's remaining displacement (1 at the start, 0 at rest) at `t` seconds: e'' + 2ζω e' + ω² e = 0
            /// with ω = 2π/response, e(0) = 1, e'(0) = −initialVelocity.
            static func springDisplacement(
                at t: Double, dampingRatio z: Double, response: Double, initialVelocity v0: Double
            ) -> Double {
                let w = 2 * Double.pi / response
                if z < 1 {
                    let wd = w * (1 - z * z).squareRoot()
                    let b = (z * w - v0) / wd
                    return exp(-z * w * t) * (cos(wd * t) + b * sin(wd * t))
                } else if z == 1 {
                    return exp(-w * t) * (1 + (w - v0) * t)
                } else {
                    let root = (z * z - 1).squareRoot()
                    let r1 = -w * (z - root)
                    let r2 = -w * (z + root)
                    let c2 = (-v0 - r1) / (r2 - r1)
                    let c1 = 1 - c2
                    return c1 * exp(r1 * t) + c2 * exp(r2 * t)
                }
            }
        }

        """
    }
}
