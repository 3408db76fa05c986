import Foundation
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Golden files (testscript's `cmp`, lit's CHECK lines): each `Tests/Golden/NAME.mbs` runs through the library
/// and every line it prints (reports as plain text, then `stderr:` and the diagnostic) must equal
/// `Tests/Golden/NAME.out`. `MAILSIM_UPDATE_GOLDEN=1` (`make golden`) rewrites the `.out` files instead.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Golden")

    static let scripts: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".mbs") }.map { String($0.dropLast(4)) }.sorted()
    }()

    static var updating: Bool { ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1" }

    /// What the script prints, line by line.
    static func printed(_ name: String) throws -> [String] {
        let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name + ".mbs")))
        var session = Session()
        var lines: [String] = []
        _ = ScriptRunner.run(bytes, file: "Tests/Golden/\(name).mbs", session: &session) { output in
            switch output {
            case .report(let report): lines += TextRenderer.lines(report)
            case .trace, .screenReset: break
            case .diagnostic(let diagnostic):
                if case .refusedAsExpected = diagnostic.kind { break }
                lines.append("stderr: " + diagnostic.text)
            }
        }
        return lines
    }

    @Test func theGoldenFilesAreThere() {
        #expect(Set(Self.scripts).isSuperset(of: ["state", "show", "colors", "timeline", "render", "help"]))
    }

    @Test(arguments: scripts)
    func golden(_ name: String) throws {
        let actual = try Self.printed(name)
        let url = Self.folder.appendingPathComponent(name + ".out")
        let text = actual.joined(separator: "\n") + "\n"
        if Self.updating {
            try Data(text.utf8).write(to: url)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .dropLast().map(String.init)
        guard expected != actual else { return }
        let differing = (0..<max(expected.count, actual.count)).filter { i in
            (i < expected.count ? expected[i] : nil) != (i < actual.count ? actual[i] : nil)
        }
        let first = differing[0]
        Issue.record(
            Comment(
                rawValue: """
                    Tests/Golden/\(name).out:\(first + 1): \(differing.count) line(s) differ \
                    (make golden rewrites the file)
                      expected: \(first < expected.count ? expected[first] : "<end of file>")
                      actual:   \(first < actual.count ? actual[first] : "<end of output>")
                    """))
    }
}
