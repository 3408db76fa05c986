import Foundation
import MailboxHandoff
import MailboxScript
import MailboxSim
import Testing

/// No file of code an export writes is over 400 lines (`HandoffExport.longestFile`), whatever it is asked:
/// SPEC's settings, the tuning that takes the other branches (Tests/handoff/tuned.mbs), the longest type name
/// `--name` takes. The code formats are a set of files, each named from the type; tokens and CSS, data a design tool
/// reads whole, stay one file each (the tokens of a tuning run past 400 lines).
@Suite struct ExportFileSizeTests {
    /// The settings Tests/handoff/tuned.mbs ends with.
    static func tuned() throws -> Settings {
        let url = EmbeddedRulesTests.root.appendingPathComponent("Tests/handoff/tuned.mbs")
        var session = Session()
        let report = ScriptRunner.run(Array(try Data(contentsOf: url)), file: "tuned.mbs", session: &session)
        #expect(report.exitCode == 0, "tuned.mbs: \(String(describing: report.error))")
        return session.screen.settings
    }

    /// The longest name `--name` takes (64 characters).
    static let longName = "Mailbox" + String(repeating: "Interaction", count: 5) + "XX"

    @Test(arguments: HandoffFormat.allCases) func everyFileIsAtMost400Lines(_ format: HandoffFormat) throws {
        #expect(Self.longName.utf8.count == 64 && HandoffOptions.problem(withTypeName: Self.longName) == nil)
        for settings in [Settings(), try Self.tuned()] {
            for typeName in [HandoffOptions.defaultTypeName, Self.longName] {
                let files = HandoffExport.files(
                    format, settings: settings, options: HandoffOptions(typeName: typeName, generator: "mailsim 0.1.0"))
                #expect(format.isFileSet ? files.count > 1 : files.count == 1, "\(format): \(files.count) files")
                #expect(files.first?.name == format.fileName(typeName: typeName))
                #expect(Set(files.map(\.name)).count == files.count, "\(format): two files of one name")
                for file in files {
                    #expect(
                        !format.isFileSet || file.lineCount <= HandoffExport.longestFile,
                        "\(file.name) (\(format), \(typeName)): \(file.lineCount) lines")
                    #expect(file.text.hasSuffix("\n"), "\(file.name) does not end with a newline")
                }
            }
        }
    }

    /// Each file of a set starts with a comment line that names it: printed one after another (standard output),
    /// they still say which is which.
    @Test(arguments: [HandoffFormat.swift, .js]) func eachFileOfASetNamesItselfFirst(_ format: HandoffFormat) {
        for file in HandoffExport.files(format, settings: Settings()) {
            #expect(file.text.hasPrefix("// \(file.name): "), "\(file.name): \(file.text.prefix(80))")
        }
        let printed = HandoffExport.render(format, settings: Settings())
        #expect(printed == HandoffExport.files(format, settings: Settings()).map(\.text).joined(separator: "\n"))
    }
}
