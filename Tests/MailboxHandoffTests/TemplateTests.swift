import Foundation
import MailboxSim
import Testing

@testable import MailboxHandoff

/// The exported code's templates (Sources/MailboxHandoff/Templates): files of their own language, each embedded and
/// filled strictly, so a marker no value fills, or a value no marker takes, fails here rather than in an app.
struct TemplateTests {
    /// A template of `body` between the markers.
    static func template(_ body: String) -> Template {
        Template("test", Array("// header\n\(Template.begin)\n\(body)\(Template.end)\n".utf8))
    }

    @Test func markersAreFilledInlineAndAsBlocks() throws {
        let template = Self.template("let a = __first__ + __second__\n    // __block__\nend\n")
        #expect(template.markers == ["first", "second", "block"])
        let filled = try template.filled(["first": "1", "second": "2", "block": "    x\n    y\n"])
        #expect(filled == "let a = 1 + 2\n    x\n    y\nend\n")
    }

    @Test func aMarkerWithoutValueIsAnError() {
        #expect(throws: Template.Problem.self) { try Self.template("let a = __first__\n").filled([:]) }
        #expect(throws: Template.Problem.self) { try Self.template("// __block__\n").filled([:]) }
    }

    @Test func aValueWithoutMarkerIsAnError() {
        #expect(throws: Template.Problem.self) { try Self.template("let a = 1\n").filled(["first": "1"]) }
    }

    @Test func aBlockGoesOnlyOnALineOfItsOwn() {
        #expect(throws: Template.Problem.self) { try Self.template("let a = __first__\n").filled(["first": "1\n2\n"]) }
    }

    @Test func aFileWithoutItsTemplateLinesIsAnError() {
        #expect(throws: Template.Problem.self) { try Template("bare", Array("let a = 1\n".utf8)).filled([:]) }
    }

    @Test func underscoresThatAreNoMarkerStayAsTheyAre() throws {
        #expect(Template.markers(in: "a_b __ __1__ ___ __x_y__") == [])
        #expect(try Self.template("let __ = a_b\n").filled([:]) == "let __ = a_b\n")
    }

    /// Every file of Templates/ is a template the exports fill, embedded through its link in Embedded/.
    @Test func everyTemplateFileIsEmbeddedAsItIs() throws {
        let folder = EmbeddedRulesTests.root.appendingPathComponent("Sources/MailboxHandoff/Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == Template.all.map(\.name).sorted())
        for template in Template.all {
            let onDisk = try String(contentsOf: folder.appendingPathComponent(template.name), encoding: .utf8)
            #expect(template.text == onDisk, "\(template.name) is not embedded as it is")
        }
    }

    /// What a template holds is the code itself: lines an editor shows whole, no line continued with `\`.
    @Test func templateLinesAreShortAndWhole() {
        for template in Template.all {
            for (number, line) in template.text.split(separator: "\n").enumerated() {
                #expect(line.count <= 120, "\(template.name):\(number + 1) is over 120 characters")
                #expect(!line.hasSuffix("\\"), "\(template.name):\(number + 1) ends with a continuation")
            }
        }
    }

    /// Every public decision of the Swift template has its port in the JavaScript one, by the same name (the
    /// zone's is `zoneAt`: a module's `zone` would read as a variable), so a decision added to one language is
    /// asked of the other.
    @Test func everySwiftDecisionIsPortedToJavaScript() {
        func names(_ text: String, after prefix: String) -> Set<String> {
            Set(
                text.split(separator: "\n").compactMap { line -> String? in
                    let trimmed = line.drop { $0 == " " }
                    guard trimmed.hasPrefix(prefix) else { return nil }
                    return String(trimmed.dropFirst(prefix.count).prefix { $0.isLetter || $0.isNumber })
                })
        }
        let swift = names(Template.swiftDecisions.text, after: "public static func ")
        let javaScript = names(Template.jsDecisions.text, after: "export function ")
        #expect(swift.count >= 12)
        let ported = Set(swift.map { $0 == "zone" ? "zoneAt" : $0 })
        #expect(ported.subtracting(javaScript).isEmpty, "not ported to decisions.js: \(ported.subtracting(javaScript))")
    }

    /// Every export of code fills every marker: none is left in the files an app receives.
    @Test func noMarkerIsLeftInAnExport() {
        for settings in [Settings(), Profile.swipecellkit.applied(to: Settings())] {
            for format in [HandoffFormat.swift, .js] {
                let file = HandoffExport.render(format, settings: settings, options: HandoffOptions(typeName: "Tuned"))
                for line in file.split(separator: "\n") {
                    #expect(Template.markers(in: line).isEmpty, "\(format): \(line)")
                }
            }
        }
    }
}
