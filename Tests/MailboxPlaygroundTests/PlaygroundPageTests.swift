import Foundation
import MailboxPlayground
import PlaygroundServing
import Testing

/// What the server sends for the page is the page's files as they are in the tree, byte for byte: the build embeds
/// them (`resources: .embedInCode`), so an edit shows after a rebuild with nothing to regenerate.
@Suite struct PlaygroundPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PlaygroundServing/Page")

    func file(_ name: String) throws -> String {
        try String(contentsOf: Self.page.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theServedPageIsTheFilesInTheTree() throws {
        #expect(PlaygroundPage.html == (try file("playground.html")))
        #expect(PlaygroundPage.script == (try file("playground.js")))
        #expect(PlaygroundPage.style == (try file("playground.css")))
        #expect(PlaygroundPage.html.contains("<script src=\"playground.js\""))
    }
}
