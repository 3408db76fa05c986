import Foundation
@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText
import Testing

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
        #expect(Self.inputs.count >= 3)
    }

    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.folder.appendingPathComponent(name)))
        #expect(robustnessProblems(input: bytes) == [])
    }

    /// The seed corpus too: every acceptance script keeps every promise line by line.
    @Test(arguments: ScriptSuiteTests.scripts)
    func acceptanceScript(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: ScriptSuiteTests.scriptsFolder.appendingPathComponent(name)))
        #expect(robustnessProblems(script: bytes) == [])
    }
}
