import Foundation
import MailboxSim
import Testing

@testable import MailboxHandoff

/// The exported Swift file's gesture rules are the model's own source: the lines between the markers of each file
/// of Sources/MailboxSim/Rules, embedded through the links in Sources/MailboxHandoff/Embedded.
struct EmbeddedRulesTests {
    /// The repository this test was built from.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The rule files of the model, by name, as they are on disk.
    static func modelRuleFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Sources/MailboxSim/Rules").path
        )
        .filter { $0.hasSuffix(".swift") }.map { String($0.dropLast(".swift".count)) }.sorted()
    }

    @Test func everyRuleFileIsEmbeddedLineForLine() throws {
        #expect(try Self.modelRuleFiles() == EmbeddedRules.files.map { $0.name }.sorted())
        for (name, bytes) in EmbeddedRules.files {
            let source = try String(
                contentsOf: Self.root.appendingPathComponent("Sources/MailboxSim/Rules/\(name).swift"), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let begin = try #require(lines.firstIndex { $0 == EmbeddedRules.begin }, "\(name): no begin marker")
            let end = try #require(lines.lastIndex { $0 == EmbeddedRules.end }, "\(name): no end marker")
            let region = lines[(begin + 1)..<end].map { $0 + "\n" }.joined()
            #expect(
                EmbeddedRegion.text(bytes, begin: EmbeddedRules.begin, end: EmbeddedRules.end, indent: "") == region)
            #expect(region.contains("enum \(name) {"))
            // Nothing between the markers may need an import or a type of mailsim's the exported file lacks.
            for word in ["import ", "Settings", "Metrics", "Thresholds", "Ticks", "MailboxState", "PropertyKey"] {
                #expect(!region.contains(word), "\(name) uses \(word)")
            }
        }
    }

    @Test func everyExportedSwiftFileCarriesThemAndCallsThem() {
        for settings in [Settings(), Profile.swipecellkit.applied(to: Settings())] {
            let file = HandoffExport.render(.swift, settings: settings)
            #expect(file.contains(EmbeddedRules.text(indent: "    ")))
            for call in [
                "ZoneRule.zone(", "ReleaseRule.decision(", "ReleaseRule.target(", "MenuRule.target(",
                "MenuRule.contentX(", "UndoRule.slidesBack(", "IconRule.alpha(", "IconRule.x(", "ElasticRule.x(",
                "HapticRule.taps(", "CurveMath.initialVelocity(", "CurveMath.settlingDuration(",
                "CurveMath.settledWithin("
            ] {
                #expect(file.contains(call), "the exported file does not call \(call)")
            }
            // A rule embedded but never called is a decision the exported file's public functions leave out.
            let calls = file.replacingOccurrences(of: EmbeddedRules.text(indent: "    "), with: "")
            for (name, _) in EmbeddedRules.files {
                #expect(calls.contains("\(name)."), "the exported file embeds \(name) but never calls it")
            }
        }
    }
}
