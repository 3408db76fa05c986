import MailboxText

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring given as SwiftUI and UIKit describe it: damping ratio ζ and response (the undamped period),
/// with stiffness (2π/response)², damping 4πζ/response and mass 1; solved in closed form.
public struct Spring: Hashable, Sendable {
    public let dampingRatio: Double
    public let response: Double
    /// Initial velocity in units of the whole distance per second (1 = the distance in one second).
    public let initialVelocity: Double

    /// The displacement below which a spring counts as settled, as a fraction of its distance.
    public static let settleThreshold = 0.001

    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        precondition(dampingRatio > 0 && response > 0, "a spring needs damping ratio > 0 and response > 0")
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = initialVelocity
    }

    public var stiffness: Double { let w = omega; return w * w }
    public var damping: Double { 4 * Double.pi * dampingRatio / response }
    private var omega: Double { 2 * Double.pi / response }

    /// Remaining displacement e(t) (1 at t = 0, → 0 at rest), solving e'' + 2ζω e' + ω² e = 0, e'(0) = −v0.
    public func displacement(at t: Double) -> Double {
        let w = omega, z = dampingRatio, v0 = initialVelocity
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (z * w - v0) / wd
            return exp(-z * w * t) * (cos(wd * t) + b * sin(wd * t))
        } else if z == 1 {
            return exp(-w * t) * (1 + (w - v0) * t)
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress from 0 to 1 at `t` seconds; may overshoot 1 when under-damped.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// Seconds after which |displacement| stays below `settleThreshold`: from a bound on the envelope, so
    /// it is found in a fixed number of steps whatever the spring.
    public var settlingDuration: Double {
        let w = omega, z = dampingRatio, v0 = initialVelocity, eps = Spring.settleThreshold
        let envelope: (Double) -> Double
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let b = (z * w - v0) / wd
            let amplitude = (1 + b * b).squareRoot()
            return max(0, log(amplitude / eps) / (z * w))
        } else if z == 1 {
            envelope = { t in exp(-w * t) * (1 + abs(w - v0) * t) }
        } else {
            let root = (z * z - 1).squareRoot()
            let r1 = -w * (z - root), r2 = -w * (z + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            let c1 = 1 - c2
            envelope = { t in (abs(c1) + abs(c2)) * exp(r1 * t) }
        }
        // The envelope falls after its peak; find where it crosses eps past that peak by doubling, then bisection.
        var high = response
        while envelope(high) > eps && high < 1e6 { high *= 2 }
        var low = 0.0
        for _ in 0..<80 {
            let mid = (low + high) / 2
            if envelope(mid) > eps { low = mid } else { high = mid }
        }
        return high
    }
}
