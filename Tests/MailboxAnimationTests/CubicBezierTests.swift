import MailsimTestSupport
import Testing

@testable import MailboxAnimation

/// SPEC §3: the Core Animation Béziers, solved for t at a given fraction of time x.
@Suite struct CubicBezierTests {
    // MARK: An independent solver, written here

    /// One coordinate of a Bézier from 0 to 1 through control values p1 and p2, in Bernstein form
    /// (the library uses the expanded power form).
    static func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
    }

    /// The t whose x is `x`, by 200 halvings (far below Double's resolution), and the y there.
    static func reference(_ curve: CubicBezier, _ x: Double) -> (t: Double, y: Double) {
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bernstein(curve.x1, curve.x2, mid) < x { low = mid } else { high = mid }
        }
        let t = (low + high) / 2
        return (t, bernstein(curve.y1, curve.y2, t))
    }

    static func bezier(_ curve: TimingCurve) -> CubicBezier {
        guard case .bezier(let b) = curve else { fatalError("not a Bézier") }
        return b
    }

    static let named: [(String, CubicBezier)] = TimingCurve.named.map { ($0.name, bezier($0.curve)) }

    // MARK: The named curves

    @Test func namedCurvesHaveCoreAnimationControlPoints() {
        #expect(Self.bezier(.linear) == CubicBezier(0, 0, 1, 1))
        #expect(Self.bezier(.easeIn) == CubicBezier(0.42, 0, 1, 1))
        #expect(Self.bezier(.easeOut) == CubicBezier(0, 0, 0.58, 1))
        #expect(Self.bezier(.easeInOut) == CubicBezier(0.42, 0, 0.58, 1))
        #expect(Self.bezier(.default) == CubicBezier(0.25, 0.1, 0.25, 1))
        #expect(TimingCurve.named.map(\.name) == ["linear", "easeIn", "easeOut", "easeInOut", "default"])
    }

    @Test func easeInOutAtHalfTimeIsHalfway() {
        #expect(abs(Self.bezier(.easeInOut).progress(0.5) - 0.5) < 1e-9)
        #expect(abs(TimingCurve.easeInOut.progress(elapsed: ms(150), duration: ms(300)) - 0.5) < 1e-9)
    }

    @Test(arguments: stride(from: 0.0, through: 1.0, by: 0.01).map { $0 })
    func linearIsTheIdentity(x: Double) {
        #expect(abs(Self.bezier(.linear).progress(x) - x) < 1e-9)
    }

    /// Reference values computed independently with Python and mpmath at 40 digits: bisection (200
    /// halvings) of the Bernstein form x(t) = 3(1−t)²t·x1 + 3(1−t)t²·x2 + t³, then y(t) likewise:
    ///
    ///     for x in (0.1, 0.25, 0.5, 0.75, 0.9): lo, hi = 0, 1
    ///         repeat 200: m = (lo+hi)/2; (lo, hi) = (m, hi) if B(x1,x2,m) < x else (lo, m)
    ///         print(x, t := (lo+hi)/2, B(y1, y2, t))
    static let pythonReference: [(curve: String, x: Double, t: Double, y: Double)] = [
        ("easeIn", 0.1, 0.077357276003019297, 0.017026609651562942),
        ("easeIn", 0.25, 0.18878699412647639, 0.093464650718824859),
        ("easeIn", 0.5, 0.37425343553525774, 0.3153568125725393),
        ("easeIn", 0.75, 0.58197575145387252, 0.6218618691748902),
        ("easeIn", 0.9, 0.74617746815930619, 0.83942784576246653),
        ("easeOut", 0.1, 0.25382253184069381, 0.16057215423753347),
        ("easeOut", 0.25, 0.41802424854612748, 0.3781381308251098),
        ("easeOut", 0.5, 0.62574656446474226, 0.6846431874274607),
        ("easeOut", 0.75, 0.81121300587352361, 0.90653534928117514),
        ("easeOut", 0.9, 0.9226427239969807, 0.98297339034843706),
        ("easeInOut", 0.1, 0.083434792002032469, 0.019722453548311196),
        ("easeInOut", 0.25, 0.22506516037484377, 0.12916193104731981),
        ("easeInOut", 0.5, 0.5, 0.5),
        ("easeInOut", 0.75, 0.77493483962515623, 0.87083806895268019),
        ("easeInOut", 0.9, 0.91656520799796753, 0.9802775464516888),
        ("default", 0.1, 0.15168920033649377, 0.094796305716043246),
        ("default", 0.25, 0.40945856318612393, 0.40851059135539587),
        ("default", 0.5, 0.69957243870638562, 0.80240338758485699),
        ("default", 0.75, 0.87387250037012537, 0.96045897834897408),
        ("default", 0.9, 0.95343184585127706, 0.99431647748455637)
    ]

    @Test(arguments: pythonReference)
    func matchesPythonReference(_ row: (curve: String, x: Double, t: Double, y: Double)) throws {
        let curve = try #require(Self.named.first { $0.0 == row.curve }?.1)
        #expect(abs(curve.parameter(forX: row.x) - row.t) < 1e-6, "t for x \(row.x) on \(row.curve)")
        #expect(abs(curve.progress(row.x) - row.y) < 1e-6, "y for x \(row.x) on \(row.curve)")
    }

    @Test func quarterAndThreeQuarterPointsAgreeWithTheInTestSolver() {
        for (name, curve) in Self.named {
            for x in [0.25, 0.75] {
                let reference = Self.reference(curve, x)
                #expect(abs(curve.progress(x) - reference.y) < 1e-7, "\(name) at \(x)")
            }
        }
        // easeInOut is symmetric: y(x) + y(1 − x) = 1.
        let easeInOut = Self.bezier(.easeInOut)
        #expect(abs(easeInOut.progress(0.25) + easeInOut.progress(0.75) - 1) < 1e-9)
        // easeIn and easeOut mirror each other: easeOut(x) = 1 − easeIn(1 − x).
        #expect(abs(Self.bezier(.easeOut).progress(0.25) - (1 - Self.bezier(.easeIn).progress(0.75))) < 1e-9)
    }

    /// Curves whose x(t) is hard for Newton's method: flat at a point inside (x1 = 1, x2 = 0 has x'(½) = 0),
    /// flat at an end (x1 = 0 or x2 = 1), and steep ones.
    static let awkward: [CubicBezier] = [
        CubicBezier(1, 0, 0, 1), CubicBezier(0, 1, 1, 0), CubicBezier(0.9, 0.1, 0.1, 0.9),
        CubicBezier(0, 0, 1, 1), CubicBezier(0.1, 0.2, 0.3, 1), CubicBezier(0.05, 0.9, 0.95, 0.1),
        CubicBezier(0.68, -0.55, 0.265, 1.55)
    ]

    @Test(arguments: awkward)
    func solvesXToTWithinAMillionth(curve: CubicBezier) {
        for i in 0...200 {
            let x = Double(i) / 200
            let t = curve.parameter(forX: x)
            #expect(abs(Self.bernstein(curve.x1, curve.x2, t) - x) < 1e-6, "x(t) for x \(x)")
            let reference = Self.reference(curve, x)
            #expect(abs(curve.progress(x) - reference.y) < 1e-5, "y at x \(x)")
        }
    }

    @Test(arguments: named.map(\.1))
    func namedCurvesSolveXToTWithinAMillionth(curve: CubicBezier) {
        for i in 0...1000 {
            let x = Double(i) / 1000
            let t = curve.parameter(forX: x)
            #expect(t >= -1e-9 && t <= 1 + 1e-9)
            #expect(abs(Self.bernstein(curve.x1, curve.x2, t) - x) < 1e-6, "x(t) for x \(x)")
        }
    }

    @Test(arguments: named.map(\.1))
    func monotone(curve: CubicBezier) {
        var previous = curve.progress(0)
        for i in 1...2000 {
            let y = curve.progress(Double(i) / 2000)
            #expect(y >= previous - 1e-12, "falls at x \(Double(i) / 2000)")
            previous = y
        }
    }

    @Test(arguments: named.map(\.1) + awkward)
    func endpointsAreExactlyZeroAndOne(curve: CubicBezier) {
        #expect(curve.progress(0) == 0)
        #expect(curve.progress(1) == 1)
    }

    @Test(arguments: named.map(\.1))
    func outOfRangeFractionsClamp(curve: CubicBezier) {
        #expect(curve.progress(-0.5) == 0)
        #expect(curve.progress(-1e-12) == 0)
        #expect(curve.progress(1.5) == 1)
        #expect(curve.progress(1 + 1e-12) == 1)
        #expect(curve.progress(-.infinity) == 0)
        #expect(curve.progress(.infinity) == 1)
    }

    @Test(arguments: TimingCurve.named.map(\.curve))
    func timingCurveClampsElapsedTime(curve: TimingCurve) {
        #expect(curve.progress(elapsed: ms(-100), duration: ms(300)) == 0)
        #expect(curve.progress(elapsed: .zero, duration: ms(300)) == 0)
        #expect(curve.progress(elapsed: ms(300), duration: ms(300)) == 1)
        #expect(curve.progress(elapsed: sec(1_000), duration: ms(300)) == 1)
        // A zero-length animation is already complete.
        #expect(curve.progress(elapsed: .zero, duration: .zero) == 1)
        #expect(curve.duration(requested: ms(300)) == ms(300))
    }

    @Test func timingCurveProgressIsTheBezierAtTheFractionOfTime() {
        let reference = Self.reference(Self.bezier(.easeIn), 0.25)
        #expect(abs(TimingCurve.easeIn.progress(elapsed: ms(75), duration: ms(300)) - reference.y) < 1e-7)
    }

    @Test func names() {
        #expect(TimingCurve.easeInOut.name == "easeInOut")
        #expect(TimingCurve.default.name == "default")
        #expect(TimingCurve.bezier(CubicBezier(0.1, 0.2, 0.3, 1)).name == "bezier(0.1,0.2,0.3,1)")
    }
}
