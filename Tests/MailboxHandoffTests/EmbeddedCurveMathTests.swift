import Foundation
import MailboxScript
import MailboxSim
import Testing

@testable import MailboxHandoff

/// The exported Swift file's curve arithmetic is the model's own source: the lines between the markers of
/// Sources/MailboxAnimation/CurveMath.swift, embedded through the link in Sources/MailboxHandoff/Embedded.
@Suite struct EmbeddedCurveMathTests {
    /// The model's file, read from the repository this test was built from.
    static var modelSource: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(
                contentsOf: root.appendingPathComponent("Sources/MailboxAnimation/CurveMath.swift"), encoding: .utf8)
        }
    }

    @Test func theEmbeddedTextIsTheModelsRegionLineForLine() throws {
        let lines = try Self.modelSource.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try #require(lines.firstIndex { $0 == EmbeddedCurveMath.begin }, "no begin marker")
        let end = try #require(lines.lastIndex { $0 == EmbeddedCurveMath.end }, "no end marker")
        let region = lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
        #expect(EmbeddedCurveMath.text(indent: "") == region)
        #expect(region.contains("enum CurveMath"))
        #expect(region.contains("static func bezierProgress"))
        #expect(region.contains("static func springDisplacement"))
        #expect(region.contains("static func withinSettlingDuration"))
        // Nothing between the markers may need an import or a module of mailsim's: the exported file has neither.
        #expect(!region.contains("import "))
        #expect(!region.contains("Ticks"))
    }

    @Test func everyExportedSwiftFileCarriesIt() {
        for settings in [Settings(), Profile.swipecellkit.applied(to: Settings())] {
            let file = HandoffExport.render(.swift, settings: settings)
            #expect(file.contains(EmbeddedCurveMath.text(indent: "    ")))
            #expect(file.contains("MailboxInteraction.CurveMath.bezierProgress("))
        }
    }
}
