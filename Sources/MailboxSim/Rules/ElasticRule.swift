// Embedded in every exported Swift file between the markers, as ZoneRule.swift is (its first comment says how);
// Sources/MailboxHandoff/Embedded/ElasticRule.swift.txt is the link.
// BEGIN EXPORTED RULE
/// A dragged row's resistance past the screen's edge (SwipeCellKit's elastic overscroll): beyond |x| = `edge` it
/// follows only `elasticity` of the finger's excess (1 follows the finger exactly, 0 stops at the edge).
enum ElasticRule {
    /// Where the row is when the finger that went down with the row at `origin` has moved `translation`: the
    /// finger's own position is read back from `origin` (undoing the stretch), moved, and stretched.
    static func x(origin: Double, translation: Double, elasticity: Double, edge: Double) -> Double {
        if elasticity == 1 { return origin + translation }
        let raw = unstretched(origin, elasticity: elasticity, edge: edge) + translation
        return stretched(raw, elasticity: elasticity, edge: edge)
    }

    /// Where a finger at `raw` puts the row.
    static func stretched(_ raw: Double, elasticity: Double, edge: Double) -> Double {
        let excess = abs(raw) - edge
        guard excess > 0 else { return raw }
        return (raw < 0 ? -1 : 1) * (edge + elasticity * excess)
    }

    /// Where the finger is for a row at `x` (the row itself where the stretch cannot be undone: elasticity 0).
    static func unstretched(_ x: Double, elasticity: Double, edge: Double) -> Double {
        let excess = abs(x) - edge
        guard excess > 0, elasticity > 0 else { return x }
        return (x < 0 ? -1 : 1) * (edge + excess / elasticity)
    }
}
// END EXPORTED RULE
