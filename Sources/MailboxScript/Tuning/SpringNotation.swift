/// A spring as another tool writes it (`spring swiftui duration 0.5 bounce 0.3`), converted exactly to
/// mailsim's damping ratio and response: the one table `set`, completion, `help set` and docs/tuning.md read.
public struct SpringNotation: Sendable {
    /// The word after `spring`: `swiftui`, `origami`, `framer`.
    public let tool: String
    /// The numbers' names, in the order they are written: `duration`, `bounce`.
    public let keywords: [String]
    /// How `help set` writes each number: `D`, `B`.
    public let placeholders: [String]
    /// What each number may be, in the tool's own terms.
    public let ranges: [SpringInputRange]
    /// How the numbers become a damping ratio and a response, as docs/tuning.md writes it.
    public let formula: String
    /// Where the formula is published.
    public let source: String
    /// The numbers (in `keywords`' order) as (damping ratio, response in seconds).
    let convert: @Sendable ([Double]) -> (ratio: Double, response: Double)

    /// How `set` writes it: `spring swiftui duration D bounce B`.
    public var form: String {
        (["spring", tool] + zip(keywords, placeholders).flatMap { [$0, $1] }).joined(separator: " ")
    }

    /// Every notation, in the order `help set` lists them.
    public static let all: [SpringNotation] = [
        SpringNotation(
            tool: "swiftui", keywords: ["duration", "bounce"], placeholders: ["D", "B"],
            ranges: [.positive, .open(-1, 1)],
            formula: "response = duration; damping ratio = 1 − bounce (bounce ≥ 0), 1 / (1 + bounce) (bounce < 0)",
            source:
                "SwiftUI's `Spring(duration:bounce:)` and `.spring(duration:bounce:)`: "
                + "`springDampingFraction(bounce:)` "
                + "in SwiftUI's inlinable interface, as OpenSwiftUI reimplements it "
                + "(OpenSwiftUIProject/OpenSwiftUI at 2077144, "
                + "`Sources/OpenSwiftUICore/Animation/Animation/Spring/FluidSpringAnimation.swift`); Flutter's "
                + "`SpringDescription.withDurationAndBounce`, the same; "
                + "developer.apple.com/documentation/swiftui/spring: duration 0.5, bounce 0.3 is "
                + "stiffness 157.9, damping 17.6",
            convert: { v in (v[1] < 0 ? 1 / (1 + v[1]) : 1 - v[1], v[0]) }),
        SpringNotation(
            tool: "swiftui", keywords: ["response", "dampingFraction"], placeholders: ["R", "Z"],
            ranges: [.positive, .positive],
            formula: "response = response; damping ratio = dampingFraction",
            source: "SwiftUI's `.spring(response:dampingFraction:)`: stiffness (2π/response)², damping "
                + """
                2√stiffness · dampingFraction (`springStiffness(response:)`, \
                `springDamping(fraction:stiffness:)`, same file)
                """,
            convert: { v in (v[1], v[0]) }),
        SpringNotation(
            tool: "origami", keywords: ["bounciness", "speed"], placeholders: ["B", "S"],
            ranges: [.closed(0, 20), .closed(0, 20)],
            formula: "b = 0.8·bounciness / 34, s = speed / 34; Origami tension t = 0.5 + 199.5·s, friction "
                + """
                f = n + (2b − b²)·(0.01 − n), n = `b3_nobounce(t)` (Rebound's three cubics in t); then as \
                `tension t friction f`
                """,
            source:
                "facebook/rebound at 65f155c, `rebound-core/src/main/java/com/facebook/rebound/BouncyConversion.java` "
                + "lines 27–31 and `SpringConfig.fromBouncinessAndSpeed`; "
                + "facebook/pop's `POPSpringAnimation.h` gives "
                + "both the range 0…20",
            convert: { v in
                let origami = ReboundConversion.bouncy(bounciness: v[0], speed: v[1])
                return ReboundConversion.spring(origamiTension: origami.tension, origamiFriction: origami.friction)
            }),
        SpringNotation(
            tool: "origami", keywords: ["tension", "friction"], placeholders: ["T", "F"],
            ranges: [.upTo(200), .upTo(50)],
            formula:
                """
                k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25, mass 1: \
                response = 2π/√k, damping ratio \
                = c / (2√k)
                """,
            source: "facebook/rebound at 65f155c, `OrigamiValueConverter.java` lines 10 and 18, `Spring.java` line 356 "
                + "(acceleration = tension·(end − position) − friction·velocity); the ranges are its "
                + "`SpringConfiguratorView`'s sliders (0…200, 0…50; 0 converts to 0, no spring)",
            convert: { v in ReboundConversion.spring(origamiTension: v[0], origamiFriction: v[1]) }),
        SpringNotation(
            tool: "framer", keywords: ["stiffness", "damping", "mass"], placeholders: ["K", "C", "M"],
            ranges: [.positive, .positive, .positive],
            formula: "response = 2π·√(mass / stiffness); damping ratio = damping / (2√(stiffness · mass))",
            source:
                "Framer Motion (motiondivision/motion at 221735a), `packages/framer-motion/src/animation/generators/"
                    + """
                    spring/index.ts`: dampingRatio = damping / (2·√(stiffness·mass)), undamped frequency \
                    √(stiffness/mass)
                    """,
            convert: { v in (v[1] / (2 * (v[0] * v[2]).squareRoot()), 2 * Double.pi * (v[2] / v[0]).squareRoot()) })
    ]

    /// The tools' names, each once.
    public static var tools: [String] {
        all.reduce(into: []) { names, notation in if !names.contains(notation.tool) { names.append(notation.tool) } }
    }

    /// The notations of `tool`.
    static func forms(of tool: some StringProtocol) -> [SpringNotation] { all.filter { $0.tool == tool } }

    /// The words completion offers after `spring` and `given` (the words typed after it).
    static func nextWords(after given: [String]) -> [String] {
        guard let tool = given.first else { return tools }
        let written = given.dropFirst()
        guard written.count % 2 == 0 else { return [] }
        let index = written.count / 2
        return forms(of: tool).filter { notation in
            index < notation.keywords.count
                && written.enumerated().allSatisfy { i, word in i % 2 == 1 || notation.keywords[i / 2] == word }
        }.map { $0.keywords[index] }
    }
}

/// What a number of a spring notation may be.
public enum SpringInputRange: Equatable, Sendable {
    /// Above 0.
    case positive
    /// Above the first, below the second.
    case open(Double, Double)
    /// From the first to the second.
    case closed(Double, Double)
    /// Above 0, at most this.
    case upTo(Double)

    public func contains(_ x: Double) -> Bool {
        switch self {
        case .positive: x > 0
        case .open(let low, let high): x > low && x < high
        case .closed(let low, let high): x >= low && x <= high
        case .upTo(let high): x > 0 && x <= high
        }
    }
}
