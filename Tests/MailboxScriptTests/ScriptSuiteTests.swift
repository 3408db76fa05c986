import Foundation
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Testing

/// Runs every acceptance script under `Scripts/` (in its subject folders) through the interpreter, one test per
/// script, named by its path under `Scripts/` (`menu/menu-clamp.mbs`).
@Suite struct ScriptSuiteTests {
    static let scriptsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts")

    /// The `.mbs` files at any depth below `Scripts/`, as paths relative to it, sorted.
    static let scripts: [String] = {
        let paths = (FileManager.default.enumerator(atPath: scriptsFolder.path)?.allObjects as? [String]) ?? []
        return paths.filter { $0.hasSuffix(".mbs") }.sorted()
    }()

    @Test func theSuiteIsThere() {
        #expect(Self.scripts.count >= 10, "Scripts/ should hold the acceptance suite")
        #expect(Self.scripts.contains("tour/tour.mbs"), "the tour `make run` plays")
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
