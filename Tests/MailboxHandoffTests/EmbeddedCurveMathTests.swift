import Foundation
import MailboxScript
import MailboxSim
import XCTest

@testable import MailboxHandoff

/// The exported Swift file's curve arithmetic is the model's own source: the lines between the markers of
/// Sources/MailboxAnimation/CurveMath.swift, embedded through the link in Sources/MailboxHandoff/Embedded.
final class EmbeddedCurveMathTests: XCTestCase {
    /// The model's file, read from the repository this test was built from.
    static var modelSource: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(
                contentsOf: root.appendingPathComponent("Sources/MailboxAnimation/CurveMath.swift"), encoding: .utf8)
        }
    }

    func testTheEmbeddedTextIsTheModelsRegionLineForLine() throws {
        let lines = try Self.modelSource.split(separator: "\n", omittingEmptySubsequences: false)
        let begin = try XCTUnwrap(lines.firstIndex { $0 == EmbeddedCurveMath.begin }, "no begin marker")
        let end = try XCTUnwrap(lines.lastIndex { $0 == EmbeddedCurveMath.end }, "no end marker")
        let region = lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
        XCTAssertEqual(EmbeddedCurveMath.text(indent: ""), region)
        XCTAssertTrue(region.contains("enum CurveMath"))
        XCTAssertTrue(region.contains("static func bezierProgress"))
        XCTAssertTrue(region.contains("static func springDisplacement"))
        XCTAssertTrue(region.contains("static func withinSettlingDuration"))
        // Nothing between the markers may need an import or a module of mailsim's: the exported file has neither.
        XCTAssertFalse(region.contains("import "))
        XCTAssertFalse(region.contains("Ticks"))
    }

    func testEveryExportedSwiftFileCarriesIt() {
        for settings in [Settings(), Profile.swipecellkit.applied(to: Settings())] {
            let file = HandoffExport.render(.swift, settings: settings)
            XCTAssertTrue(file.contains(EmbeddedCurveMath.text(indent: "    ")))
            XCTAssertTrue(file.contains("MailboxInteraction.CurveMath.bezierProgress("))
        }
    }
}
