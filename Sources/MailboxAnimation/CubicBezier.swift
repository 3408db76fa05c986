/// A Core Animation timing function: a cubic Bézier from (0,0) to (1,1) through two control points.
public struct CubicBezier: Hashable, Sendable {
    public let x1: Double, y1: Double, x2: Double, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    /// The curve parameter t whose x is `x`, to within `epsilon` (Newton's method, then bisection: `CurveMath`).
    public func parameter(forX x: Double, epsilon: Double = 1e-9) -> Double {
        CurveMath.bezierParameter(forX: x, x1, x2, epsilon: epsilon)
    }

    /// Progress (y) at fraction of time `x` in 0…1.
    public func progress(_ x: Double) -> Double { CurveMath.bezierProgress(x, x1, y1, x2, y2) }
}
