import Foundation
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Testing

/// Runs every `Scripts/*.mbs` acceptance script through the interpreter, one test per script.
@Suite struct ScriptSuiteTests {
    static let scriptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts")

    static let scripts: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: scriptsFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".mbs") }.sorted()
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.scripts.count >= 10, "Scripts/ should hold the acceptance suite")
    }

    @Test(arguments: scripts)
    func script(_ name: String) throws {
        let url = Self.scriptsFolder.appendingPathComponent(name)
        let bytes = try [UInt8](Data(contentsOf: url))
        var session = Session()
        let report = ScriptRunner.run(bytes, file: "Scripts/\(name)", session: &session)
        #expect(report.error == nil, "\(report.error?.text ?? "")")
        #expect(report.failures.isEmpty, "\(report.failures.map(\.text).joined(separator: "\n"))")
        #expect(report.checks > 0, "a script with no checks tests nothing")
    }
}
