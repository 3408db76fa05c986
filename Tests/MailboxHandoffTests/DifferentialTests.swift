import Foundation
import MailboxHandoff
import MailboxSim
import Testing

/// Proven, not promised: the exported Swift, compiled by `swiftc` with no change, and the exported
/// JavaScript, run by Node, answer 100,000 cases and more exactly as the model does, under SPEC's settings, every
/// profile and random tunings: decisions word for word, positions, alphas, durations and curve values within 1e-9.
@Suite struct DifferentialTests {
    /// Positions, alphas, durations and curve values may differ by this much (the platforms' exp, sin, cos and log
    /// may differ in their last bits); decisions not at all.
    static let tolerance = 1e-9
    /// Random tunings on top of SPEC's and the profiles'.
    static let randomTunings = 14

    @Test func theExportsAnswerAsTheModelDoes() throws {
        let chosen = try DifferentialSeed.choose(ProcessInfo.processInfo.environment) {
            UInt64.random(in: 0...UInt64(UInt32.max))
        }
        let seed = chosen.value
        // Printed first, so that a run that stops before its summary can be replayed too.
        print("handoff differential: seed \(seed), \(chosen.origin); MAILSIM_HANDOFF_SEED=\(seed) replays it")
        let started = Date()
        let tunings = RandomTunings.make(count: Self.randomTunings, seed: seed)
        // swiftc builds the exports while the model answers: the two take the longest, and overlap.
        let programs = try ExportedPrograms(tunings: tunings)
        let compiling = try programs.compileSwift()
        let cases = HandoffCases.make(tunings: tunings, seed: seed &+ 1)
        #expect(cases.count >= 100_000)
        let oracle = ModelOracle(tunings: tunings)
        let expected = cases.map(oracle.answer)
        let modelSeconds = Date().timeIntervalSince(started)
        let input = Data(cases.map(\.line).joined(separator: "\n").utf8 + [UInt8(ascii: "\n")])
        let compiled = try compiling.wait()
        let compileSeconds = Date().timeIntervalSince(started)
        // Not a warning in an exported file: it compiles clean in an engineer's project (the driver's are its own).
        let messages = (compiled.output + compiled.errors).split(separator: "\n").filter {
            $0.hasPrefix("Tuning") && ($0.contains("error:") || $0.contains("warning:"))
        }
        #expect(
            messages.count == 0,
            Comment(
                rawValue: "swiftc on the exported Swift (seed \(seed)):\n" + messages.prefix(40).joined(separator: "\n")
            ))
        guard compiled.status == 0 else {
            Issue.record(
                "swiftc refused the exported Swift (seed \(seed)):\n\((compiled.output + compiled.errors).prefix(4000))"
            )
            return
        }
        // The two programs answer side by side.
        let answerStart = Date()
        let swiftRun = try programs.runSwift(input)
        let nodeRun = try programs.runJavaScript(input)
        let swift = try swiftRun.lines()
        let swiftSeconds = Date().timeIntervalSince(answerStart)
        let node = try nodeRun.lines()
        let nodeSeconds = Date().timeIntervalSince(answerStart)

        var disagreements: [String] = []
        for (name, answers) in [("Swift", swift), ("JavaScript", node)] {
            #expect(
                answers.lines.count == cases.count,
                "\(name) answered \(answers.lines.count) of \(cases.count) cases: \(answers.errors.prefix(2000))")
            var failures = 0
            for (index, line) in answers.lines.prefix(cases.count).enumerated() {
                let got = line.split(separator: " ").map(Token.init)
                guard let problem = Self.difference(got, expected[index]) else { continue }
                failures += 1
                if failures <= 8 {
                    Issue.record(
                        Comment(
                            rawValue:
                                "\(name), seed \(seed), case \(index) under tuning \(cases[index].tuning): "
                                + "`\(cases[index].line)`: \(problem)\n"
                                + "  model: \(expected[index].map(\.description).joined(separator: " "))\n"
                                + "  \(name): \(line)"))
                }
            }
            if failures > 8 { Issue.record("\(name): \(failures) cases differ in all (seed \(seed))") }
            if failures > 0 { disagreements.append("\(name) \(failures)") }
        }
        print(
            "handoff differential: \(cases.count) cases under \(tunings.count) tunings (seed \(seed)): model "
                + "\(Self.seconds(modelSeconds)), swiftc beside it, done at \(Self.seconds(compileSeconds)); "
                + "then the Swift "
                + "program \(Self.seconds(swiftSeconds)) and Node \(Self.seconds(nodeSeconds)) side by side; "
                + (disagreements.isEmpty ? "all agree" : "disagreeing: " + disagreements.joined(separator: ", ")))
        try? FileManager.default.removeItem(at: programs.folder)
    }

    /// Why `got` is not `expected`, or nil.
    static func difference(_ got: [Token], _ expected: [Token]) -> String? {
        guard got.count == expected.count else { return "\(got.count) words, the model has \(expected.count)" }
        for (position, (a, b)) in zip(got, expected).enumerated() {
            switch (a, b) {
            case let (.number(x), .number(y)):
                if !(abs(x - y) <= tolerance) { return "word \(position + 1): \(x) against the model's \(y)" }
            case let (.word(x), .word(y)):
                if x != y { return "word \(position + 1): \(x) against the model's \(y)" }
            default:
                return "word \(position + 1): \(a) against the model's \(b)"
            }
        }
        return nil
    }

    static func seconds(_ value: TimeInterval) -> String { String(format: "%.2f s", value) }
}
