import CMaths

// The hand-off embeds the lines between the two markers below, as they are, in every Swift file `mailsim export
// swift` writes (Sources/MailboxHandoff/Embedded/CurveMath.swift.txt is a link to this file): the exported curves
// are this code, not a copy of it. So the part between the markers uses nothing but the standard library and the C
// maths above, and its attributes are ones an app's own file may carry.
// BEGIN EXPORTED CURVE MATH
/// The curves' arithmetic on plain numbers, as mailsim computes it: a cubic Bézier's progress (its time solved by
/// Newton's method to 1e-9, then bisection), a spring's displacement in closed form, and when a spring has settled.
@usableFromInline
enum CurveMath {
    /// The Bézier through (x1, y1) and (x2, y2)'s parameter t whose x is `x`, to within `epsilon`.
    @inlinable
    static func bezierParameter(forX x: Double, _ x1: Double, _ x2: Double, epsilon: Double = 1e-9) -> Double {
        // Polynomial coefficients: B(t) = ((a t + b) t + c) t.
        let cx = 3 * x1
        let bx = 3 * (x2 - x1) - cx
        let ax = 1 - cx - bx
        func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
        func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
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

    /// The Bézier's progress (y) at time fraction `x`: 0 before the start, 1 from the end.
    @inlinable
    static func bezierProgress(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let t = bezierParameter(forX: x, x1, x2)
        let cy = 3 * y1
        let by = 3 * (y2 - y1) - cy
        let ay = 1 - cy - by
        return ((ay * t + by) * t + cy) * t
    }

    /// A spring's remaining displacement e(t) (1 at t = 0, → 0 at rest): e'' + 2ζω e' + ω² e = 0 with ω = 2π/response,
    /// e'(0) = −v0 (v0 in distances a second).
    @inlinable
    static func springDisplacement(at t: Double, dampingRatio z: Double, response: Double, initialVelocity v0: Double)
        -> Double
    {
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

    /// A spring's initial velocity in distances a second as mailsim starts it: `v0` (a release's velocity over the
    /// distance), 0 when that is undefined (0 / 0), and within ±`fastest` (a release over a vanishing distance).
    @inlinable
    static func initialVelocity(_ v0: Double, fastest: Double) -> Double {
        v0.isNaN ? 0 : min(fastest, max(-fastest, v0))
    }

    /// Seconds after which a spring moving `distance` stays within `position` of its target and slower than
    /// `speed` (both in the property's units; `withinSettlingDuration`), before `settledWithin` bounds it.
    @inlinable
    static func settlingDuration(
        dampingRatio: Double, response: Double, initialVelocity: Double, distance: Double, position: Double,
        speed: Double
    ) -> Double {
        guard distance > 0 else { return 0 }
        return withinSettlingDuration(
            dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity,
            position: position / distance, velocity: speed / distance)
    }

    /// A settling time as an animation lasts: 0 for a negative one, at most `longest` (one that never settles, NaN
    /// from an envelope that overflowed, ends there, at its target).
    @inlinable
    static func settledWithin(_ seconds: Double, longest: Double) -> Double {
        guard seconds >= 0 else { return seconds.isNaN ? longest : 0 }
        return min(seconds, longest)
    }

    /// The first instant from which |e(t)| ≤ `position` and |e'(t)| ≤ `velocity` hold for good (both as fractions of
    /// the distance), bounding both by envelopes: A·e^(−ζωt) and A·ω·e^(−ζωt) under-damped; e^(−ωt)(a + b·t)
    /// critically damped; K·e^(r₁t) over-damped (r₁ the slower root).
    @inlinable
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
            // e = e^(−ωt)(1 + c t), e' = −e^(−ωt)(v0 + ω c t), c = ω − v0.
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

    /// The instant after which e^(−rate·t)(a + b·t) (a, b ≥ 0) stays at or below `limit`: it rises to one peak at
    /// t = 1/rate − a/b and falls after it, so bisection past the peak finds it.
    @inlinable
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
// END EXPORTED CURVE MATH
