/// A row's resistance past the screen's width: beyond |x| = 320 it follows only `elasticity` of the
/// finger's excess (SwipeCellKit's elastic overscroll; 1 follows the finger exactly, 0 stops at the edge).
public struct Elastic: Sendable {
    public let elasticity: Double
    static let edge = Metrics.slideDistance

    public init(_ elasticity: Double) { self.elasticity = elasticity }

    /// Where the row is when the finger that went down with the row at `origin` has moved `translation`:
    /// the finger's own position is read back from `origin` (undoing the stretch), moved, and stretched.
    public func x(from origin: Double, by translation: Double) -> Double {
        ElasticRule.x(origin: origin, translation: translation, elasticity: elasticity, edge: Elastic.edge)
    }

    /// Where a finger at `raw` puts the row.
    public func stretched(_ raw: Double) -> Double {
        ElasticRule.stretched(raw, elasticity: elasticity, edge: Elastic.edge)
    }

    /// Where the finger is for a row at `x` (the row itself where the stretch cannot be undone: elasticity 0).
    public func unstretched(_ x: Double) -> Double {
        ElasticRule.unstretched(x, elasticity: elasticity, edge: Elastic.edge)
    }
}
