import Foundation
import MailboxHandoff
import MailboxJSON
import MailboxPlayground
import MailboxScript
import MailboxSim
import Testing

/// The `export` message (docs/playground.md, Protocol): the settings in force of phone A (or B) as a format (a file,
/// or a ZIP of a set of files), with the file name and media type to download them as; what the `export` line itself does there (refused, as
/// every line that touches files is).
@Suite struct PlaygroundExportTests {
    let never: @Sendable () -> Bool = { false }

    func answer(_ p: inout PlaygroundSession, _ text: String) -> [JSON] {
        p.receive(text, isCancelled: never).compactMap { try? JSON.parse($0) }
    }

    @Test func decodes() {
        #expect(
            ClientMessage.decode(#"{"type":"export","format":"swift"}"#)
                == .success(.export(format: .swift, phone: nil)))
        #expect(
            ClientMessage.decode(#"{"type":"export","format":"css","phone":1}"#)
                == .success(.export(format: .css, phone: 1)))
        for bad in [#"{"type":"export"}"#, #"{"type":"export","format":"pdf"}"#, #"{"type":"export","format":3}"#] {
            guard case .failure(let error) = ClientMessage.decode(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(error.message.hasPrefix("export: \"format\" must"))
        }
    }

    @Test(arguments: HandoffFormat.allCases)
    func answersWithTheRenderersTextForTheSettingsInForce(_ format: HandoffFormat) throws {
        var p = PlaygroundSession(start: .empty)
        p.exportGenerator = "mailsim test"
        _ = p.opening()
        _ = answer(&p, #"{"type":"set","name":"threshold.left.near","value":"80"}"#)
        let replies = answer(&p, #"{"type":"export","format":"\#(format.rawValue)"}"#)
        #expect(replies.first?["type"] == .string("screen"))
        let export = try #require(replies.first { $0["type"] == .string("export") })
        #expect(export["format"] == .string(format.rawValue))
        #expect(export["fileName"] == .string(format.downloadName()))
        #expect(export["mediaType"] == .string(format.mediaType))
        let files = HandoffExport.files(
            format, settings: p.phones[0].screen.settings, options: HandoffOptions(generator: "mailsim test"))
        #expect(export["files"] == .array(files.map { .string($0.name) }))
        if format.isFileSet {
            // A ZIP of the set, in base64: the bytes `HandoffExport.download` gives (StoredZipTests unzips them).
            #expect(export["text"] == nil)
            let zip = try #require(Data(base64Encoded: export["base64"]?.stringValue ?? ""))
            #expect([UInt8](zip) == (try HandoffExport.download(format, files)))
        } else {
            #expect(export["base64"] == nil)
            #expect(export["text"] == .string(files.map(\.text).joined()))
        }
        #expect(p.phones[0].screen.settings != Settings())
    }

    @Test func phoneBOnlyInAComparison() throws {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        let refused = answer(&p, #"{"type":"export","format":"js","phone":1}"#)
        #expect(refused.first?["type"] == .string("error"))
        #expect(refused.first?["message"] == .string("error: export: there is no phone B (compare first)"))
        _ = answer(&p, #"{"type":"compare","on":true,"profile":"mcswipe"}"#)
        let b = answer(&p, #"{"type":"export","format":"js","phone":1}"#)
        let export = try #require(b.first { $0["type"] == .string("export") })
        let expected = HandoffExport.files(
            .js, settings: p.phones[1].screen.settings, options: HandoffOptions(generator: p.exportGenerator))
        let zip = try #require(Data(base64Encoded: export["base64"]?.stringValue ?? ""))
        #expect([UInt8](zip) == (try HandoffExport.download(.js, expected)))
        #expect(export["fileName"] == .string("mailbox-interaction.zip"))
        #expect(p.phones[1].screen.settings.profile == .mcswipe)
    }

    /// The `export` line touches files: refused, as `snapshot` is.
    @Test func theLineIsRefusedAsSnapshotIs() {
        var p = PlaygroundSession(start: .empty)
        _ = p.opening()
        let export = answer(&p, #"{"type":"line","text":"export swift A.swift"}"#)
        let snapshot = answer(&p, #"{"type":"line","text":"snapshot a.png"}"#)
        #expect(export.first?["type"] == .string("error"))
        let words = export.first?["message"]?.stringValue ?? ""
        let snapshotWords = snapshot.first?["message"]?.stringValue ?? ""
        #expect(words == snapshotWords.replacingOccurrences(of: "snapshot", with: "export"))
        #expect(p.script.count == 0)
    }
}
