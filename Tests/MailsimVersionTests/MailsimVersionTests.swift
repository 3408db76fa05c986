import Foundation
import MailsimVersion
import Testing

/// The version is a plain MAJOR.MINOR.PATCH, and what ships beside the programs says the same.
@Suite struct MailsimVersionTests {
    @Test func theVersionIsThreeNumbers() {
        let parts = MailsimVersion.number.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
    }

    /// The VS Code extension (editors/vscode) is released with the programs: its package says the same version.
    @Test func theEditorExtensionSaysTheSame() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let data = try Data(contentsOf: root.appendingPathComponent("editors/vscode/package.json"))
        let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(package["version"] as? String == MailsimVersion.number)
    }
}
