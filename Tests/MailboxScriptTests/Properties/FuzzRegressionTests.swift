import Foundation
import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Replays every input in `Fuzz/regressions/` (what the fuzzer, or a person, found once and was fixed) through
/// the same checks as the fuzz target (`robustnessProblems(input:)`): no crash, the same output twice, every invariant
/// after every line, and refused lines that change nothing.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fuzz/regressions")

    static let inputs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()

    @Test func thereAreSome() {
        #expect(Self.inputs.count >= 10)
        #expect(Self.inputs.contains { $0.hasPrefix("hostile-choices") })
    }

    /// Each input ends (a crash would end the test run) within a time bound, keeping every promise.
    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(robustnessProblems(input: bytes) == [])
        #expect(clock.now - start < .seconds(20), "\(name) took \(clock.now - start)")
    }

    /// The fuzzer's dictionary knows every parameter (and `param.NAME`), every curve notation, every
    /// profile and palette name, and extreme numerals.
    @Test func theDictionaryKnowsEveryParameterAndCurve() throws {
        let text = try String(
            contentsOf: Self.folder.deletingLastPathComponent().appendingPathComponent("mbs.dict"), encoding: .utf8)
        let words = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("\"") && $0.hasSuffix("\"") && $0.count >= 2 }
                .map { String($0.dropFirst().dropLast()) })
        var wanted = TunableTable.names.flatMap { [$0, "param." + $0] }
        wanted += TimingCurve.named.map(\.name) + ["bezier", "spring"]
        wanted += Profile.allCases.map(\.rawValue) + PaletteColor.allCases.map(\.rawValue)
        wanted += ["0.000000000000001", "999999999999999", "-0.0", "1000000", "-1000000", "3600"]
        for word in wanted { #expect(words.contains(word), "mbs.dict lacks \"\(word)\"") }
        // libFuzzer refuses a dictionary entry longer than 64 bytes.
        for word in words { #expect(word.utf8.count <= 64, "\(word.prefix(20))…") }
    }

    /// The seed corpus too: every acceptance script keeps every promise line by line.
    @Test(arguments: ScriptSuiteTests.scripts)
    func acceptanceScript(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: ScriptSuiteTests.scriptsFolder.appendingPathComponent(name)))
        #expect(robustnessProblems(script: bytes) == [])
    }
}
