import Foundation
@testable import MailboxReports
@testable import MailboxScript
import Testing

/// The generated lists of docs/tuning.md (parameters, profiles) are what the tables they describe say
/// (`MarkdownTables`): `MAILSIM_UPDATE_GOLDEN=1` (`make golden`) rewrites them in place.
@Suite struct DocsTests {
    static let tuning = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/tuning.md")

    /// One test for every block (the update rewrites the one file).
    @Test func theGeneratedListsAreUpToDate() throws {
        let original = try String(contentsOf: Self.tuning, encoding: .utf8)
        var text = original
        for (name, make) in MarkdownTables.blocks {
            let begin = "<!-- generated: \(name) -->\n", end = "<!-- end generated -->"
            let start = try #require(text.range(of: begin), "docs/tuning.md has no \(begin)")
            let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
            let expected = make() + "\n"
            #expect(Self.updating || String(text[start.upperBound..<stop.lowerBound]) == expected,
                    "docs/tuning.md's \(name) list is out of date: make golden rewrites it")
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
        }
        if Self.updating && text != original { try text.write(to: Self.tuning, atomically: true, encoding: .utf8) }
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1" }
}
