import MailboxSim

/// The line glyphs a scene strokes: the revealed icons (later: a clock; list: lines; archive: a check;
/// delete: a cross) and the navigation bar's. Each is drawn in a square of `size` centred on `center`.
public enum Glyph: Equatable, Sendable {
    case clock, lines, check, cross, inbox, menu, pencil, magnifier

    /// The glyph that shows an icon; nil for `none`.
    public init?(_ icon: Icon) {
        switch icon {
        case .none: return nil
        case .later: self = .clock
        case .list: self = .lines
        case .archive: self = .check
        case .delete: self = .cross
        }
    }

    /// Its strokes, in a square of `size` centred on `center`.
    public func path(center c: ScenePoint, size: Double) -> ScenePath {
        let u = size / 24  // the glyphs are designed on a 24-point grid
        func p(_ dx: Double, _ dy: Double) -> ScenePoint { ScenePoint(c.x + dx * u, c.y + dy * u) }
        switch self {
        case .clock:
            return ScenePath(lines: [[p(0, -6), p(0, 0), p(5, 3)]], rings: [.init(c, 10 * u)])
        case .lines:
            return ScenePath(lines: [
                [p(-4, -6), p(9, -6)], [p(-4, 0), p(9, 0)], [p(-4, 6), p(9, 6)],
                [p(-9, -6), p(-8.5, -6)], [p(-9, 0), p(-8.5, 0)], [p(-9, 6), p(-8.5, 6)]
            ])
        case .check:
            return ScenePath(lines: [[p(-9, 0), p(-3, 7), p(9, -7)]])
        case .cross:
            return ScenePath(lines: [[p(-8, -8), p(8, 8)], [p(8, -8), p(-8, 8)]])
        case .inbox:
            return ScenePath(lines: [
                [p(-10, -7), p(10, -7), p(10, 7), p(-10, 7), p(-10, -7)], [p(-10, -7), p(0, 1), p(10, -7)]
            ])
        case .menu:
            return ScenePath(lines: [[p(-9, -6), p(9, -6)], [p(-9, 0), p(9, 0)], [p(-9, 6), p(9, 6)]])
        case .pencil:
            return ScenePath(lines: [
                [p(-3, -9), p(-9, -9), p(-9, 9), p(9, 9), p(9, 3)],
                [p(-2, 3), p(-1, -1), p(8, -10), p(10, -8), p(1, 1), p(-2, 3)]
            ])
        case .magnifier:
            return ScenePath(lines: [[p(3.5, 3.5), p(8, 8)]], rings: [.init(p(-1.5, -1.5), 6.5 * u)])
        }
    }
}
