import MailboxText
import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Springs in SwiftUI's, Origami's and Framer's notations become mailsim's spring (damping
/// ratio, response) by the published formulas, exactly; what does not fit is refused and changes nothing.
@Suite struct SpringNotationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let words: String, ratio: Double, response: Double
        var testDescription: String { words }
    }

    /// Each computed by hand from the source's formula (docs/tuning.md, Springs from other tools).
    static let conversions: [Case] = [
        // SwiftUI: response = duration, ratio = 1 − bounce; Apple's example (stiffness 157.9, damping 17.6).
        Case(words: "spring swiftui duration 0.5 bounce 0.3", ratio: 0.7, response: 0.5),
        Case(words: "spring swiftui duration 0.4 bounce 0", ratio: 1, response: 0.4),
        // bounce < 0: ratio = 1 / (1 + bounce) = 1 / 0.8.
        Case(words: "spring swiftui duration 0.5 bounce -0.2", ratio: 1.25, response: 0.5),
        Case(words: "spring swiftui duration 1 bounce -0.5", ratio: 2, response: 1),
        Case(words: "spring swiftui response 0.55 dampingFraction 0.825", ratio: 0.825, response: 0.55),
        // Framer: response 2π·√(mass/stiffness) = 2π/10, ratio 10 / (2·√100) = 0.5.
        Case(words: "spring framer stiffness 100 damping 10 mass 1", ratio: 0.5, response: 2 * Double.pi / 10),
        Case(words: "spring framer stiffness 400 damping 40 mass 4", ratio: 0.5, response: 2 * Double.pi / 10),
        // SwipeCellKit's UISpringTimingParameters(mass: 1, stiffness: 100, damping: 18): the swipecellkit profile.
        Case(words: "spring framer stiffness 100 damping 18 mass 1", ratio: 0.9, response: 0.6283185307179586),
        // Origami tension 40, friction 7 (Rebound's default config): k = 10·3.62 + 194 = 230.2, c = −3 + 25 = 22;
        // response 2π/√230.2, ratio 22 / (2√230.2). Computed in Python 3 from those lines:
        // 2*math.pi/math.sqrt(230.2), 22/(2*math.sqrt(230.2)).
        Case(words: "spring origami tension 40 friction 7", ratio: 0.7250033703747418, response: 0.41412095676311433),
        // Pop's defaults, bounciness 4 and speed 12, run through Rebound's BouncyConversion.java transcribed line
        // by line into Python 3 (math.pow for Math.pow): b = 0.8·(4/1.7)/20, s = (12/1.7)/20, Origami tension
        // 0.5 + 199.5·s = 70.91176470588235, friction 9.828993216081418 (b3_friction3, tension > 44); then
        // k = 342.10058823529414, c = 30.486979648244255.
        Case(words: "spring origami bounciness 4 speed 12", ratio: 0.8241523374576856, response: 0.33970579685745034),
        // bounciness 0, speed 0: Origami tension 0.5 (b3_friction1, tension ≤ 18), friction b3_nobounce(0.5).
        Case(words: "spring origami bounciness 0 speed 0", ratio: 0.3093072988427642, response: 0.6728166419900462),
        // bounciness 10, speed 5: tension 29.84 (b3_friction2, 18 < tension ≤ 44).
        Case(words: "spring origami bounciness 10 speed 5", ratio: 0.576845802579826, response: 0.4517887920105784)
    ]

    func session(_ lines: [String] = []) throws -> Session {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session
    }

    @Test(arguments: conversions)
    func convertsByThePublishedFormula(_ c: Case) throws {
        let session = try session(["set curve.snap \(c.words)"])
        guard case .spring(let spring) = session.screen.settings.timings.curve(.snap) else {
            Issue.record("not a spring")
            return
        }
        #expect(spring.dampingRatio == c.ratio)
        #expect(spring.response == c.response)
    }

    /// `param.curve.snap` reads the spring in its exact numbers, and `set` takes that word back to the same spring.
    @Test(arguments: conversions)
    func roundTripsThroughTheParameter(_ c: Case) throws {
        var session = try session(["set curve.snap \(c.words)"])
        let word = "spring(\(formatExact(c.ratio)),\(formatExact(c.response)))"
        _ = try session.execute(.line("expect param.curve.snap == \(word)"[...]))
        let value = try #require(TunableTable.named("curve.snap")).value(in: session.screen.settings)
        #expect(value.oneWord == word)
        let before = session.screen.settings
        _ = try session.execute(.line("set curve.snap \(word)"[...]))
        _ = try session.execute(.line("set curve.slide \(value.scriptText)"[...]))
        #expect(session.screen.settings.timings.curve(.snap) == before.timings.curve(.snap))
        #expect(session.screen.settings.timings.curve(.slide) == before.timings.curve(.snap))
    }

    /// The conversions against the physics: stiffness and damping at mass 1 as the tool states them.
    @Test func theSpringHasTheToolsStiffnessAndDamping() throws {
        // Apple: Spring(duration: 0.5, bounce: 0.3) has stiffness 157.9 and damping 17.6.
        let swiftUI = try #require(spring("spring swiftui duration 0.5 bounce 0.3"))
        #expect(abs(swiftUI.stiffness - 157.9) < 0.05 && abs(swiftUI.damping - 17.6) < 0.05)
        // Rebound: tension 40 → 230.2, friction 7 → 22.
        let origami = try #require(spring("spring origami tension 40 friction 7"))
        #expect(abs(origami.stiffness - 230.2) < 1e-9 && abs(origami.damping - 22) < 1e-9)
        // Framer: stiffness 400, damping 40 at mass 4 is stiffness 100, damping 10 at mass 1.
        let framer = try #require(spring("spring framer stiffness 400 damping 40 mass 4"))
        #expect(abs(framer.stiffness - 100) < 1e-9 && abs(framer.damping - 10) < 1e-9)
    }

    private func spring(_ words: String) -> Spring? {
        guard case .spring(let s)? = try? session(["set curve.snap \(words)"]).screen.settings.timings.curve(.snap)
        else { return nil }
        return s
    }

    static let refusals: [(line: String, message: String)] = [
        (
            "set curve.snap spring swiftu duration 0.5 bounce 0.3",
            """
            set curve.snap: unknown spring notation 'swiftu' (did you mean 'swiftui'?): write spring DAMPING \
            RESPONSE or spring TOOL …, with TOOL one of swiftui, origami, framer
            """
        ),
        (
            "set curve.snap spring swiftui bounce 0.3 duration 0.5",
            """
            set curve.snap: write spring swiftui duration D bounce B or spring swiftui response R dampingFraction \
            Z (swiftui takes its numbers in this order)
            """
        ),
        (
            "set curve.snap spring framer stiffness 100 damping 10",
            "set curve.snap: write spring framer stiffness K damping C mass M (framer takes its numbers in this order)"
        ),
        (
            "set curve.snap spring swiftui duration 0.5 bounce 1",
            "set curve.snap: bounce must be above -1 and below 1, got 1"
        ),
        ("set curve.snap spring swiftui duration 0 bounce 0.3", "set curve.snap: duration must be above 0, got 0"),
        (
            "set curve.snap spring origami bounciness 21 speed 12",
            "set curve.snap: bounciness must be from 0 to 20, got 21"
        ),
        (
            "set curve.snap spring origami tension 0 friction 7",
            "set curve.snap: tension must be above 0 and at most 200, got 0"
        ),
        (
            "set curve.snap spring framer stiffness 100 damping 10 mass -1",
            "set curve.snap: mass must be above 0, got -1"
        ),
        (
            "set curve.snap spring swiftui duration 120 bounce 0",
            """
            set curve.snap: spring swiftui duration 120 bounce 0 converts to damping ratio 1 and response 120 s, \
            outside mailsim's spring (damping ratio above 0 and at most 100, response from 0.01 to 60 seconds)
            """
        ),
        (
            "set curve.snap spring framer stiffness 1 damping 400 mass 1",
            """
            set curve.snap: spring framer stiffness 1 damping 400 mass 1 converts to damping ratio 200 and \
            response 6.283185307179586 s, outside mailsim's spring (damping ratio above 0 and at most 100, \
            response from 0.01 to 60 seconds)
            """
        )
    ]

    @Test(arguments: refusals.indices)
    func aRefusedNotationSaysWhyAndChangesNothing(_ index: Int) throws {
        let (line, message) = Self.refusals[index]
        var session = try session(["set curve.snap spring 0.6 0.4"])
        let before = session.screen
        #expect(
            performing: { _ = try session.execute(.line(line[...])) },
            throws: { ($0 as? ScriptError)?.message == message })
        #expect(session.screen == before)
    }

    // MARK: Completion

    func candidates(_ line: String) throws -> [String] {
        Completer.complete(line, session: Session(messageCount: 5, interactive: true)).candidates
    }

    @Test func completionOffersTheToolsAndTheirKeywords() throws {
        #expect(try candidates("set curve.snap sp") == ["spring"])
        #expect(try candidates("set curve.snap spring ") == ["swiftui", "origami", "framer"])
        #expect(try candidates("set curve.snap spring sw") == ["swiftui"])
        #expect(try candidates("set curve.snap spring swiftui ") == ["duration", "response"])
        #expect(try candidates("set curve.snap spring swiftui duration 0.5 ") == ["bounce"])
        #expect(try candidates("set curve.snap spring swiftui response 0.5 ") == ["dampingFraction"])
        #expect(try candidates("set curve.snap spring swiftui duration ").isEmpty)
        #expect(try candidates("set curve.snap spring origami ") == ["bounciness", "tension"])
        #expect(try candidates("set curve.snap spring origami tension 40 ") == ["friction"])
        #expect(try candidates("set curve.snap spring framer stiffness 100 damping 10 ") == ["mass"])
        #expect(try candidates("set curve.snap spring framer stiffness 100 damping 10 mass 1 ").isEmpty)
        #expect(try candidates("set curve.snap spring 0.6 ").isEmpty)
        #expect(try candidates("set duration.snap 0.3 ").isEmpty)
    }

    /// The one table: `help set` and docs/tuning.md's generated list name every form.
    @Test func helpNamesEveryForm() throws {
        var session = Session()
        // Help is wrapped at 80 columns: the words are read across line ends.
        let text = try session.execute(.line("help set"[...])).output.joined(separator: "\n")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for notation in SpringNotation.all { #expect(text.contains(notation.form), "\(notation.form)") }
        let table = MarkdownTables.springNotations()
        for notation in SpringNotation.all { #expect(table.contains("`\(notation.form)`")) }
    }
}
