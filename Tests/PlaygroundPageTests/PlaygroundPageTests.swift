import Foundation
import PlaygroundPage
import Testing

/// What the server sends for the page is the page's files as they are in the tree, byte for byte: the build embeds
/// them (`resources: .embedInCode`), so an edit shows after a rebuild with nothing to regenerate.
@Suite struct PlaygroundPageTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PlaygroundPage")

    func file(_ name: String) throws -> String {
        try String(contentsOf: Self.page.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theServedPageIsTheFilesInTheTree() throws {
        #expect(PlaygroundPage.html == (try file("playground.html")))
        #expect(PlaygroundPage.html.contains("<script type=\"module\" src=\"playground.js\"></script>"))
        for served in PlaygroundPage.files where served.name != "plots.css" {
            #expect(served.text == (try file(served.name)), "\(served.name)")
        }
    }

    /// The table serves every script of the folder that make site copies (all but the service worker and the
    /// WebAssembly loader, which only the site has), and every module a module imports.
    @Test func theTableHoldsEveryModule() throws {
        let names = Set(PlaygroundPage.files.map(\.name))
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.page.path)
            .filter { $0.hasSuffix(".js") && $0 != "sw.js" }
        #expect(Set(scripts).isSubset(of: names))
        for script in scripts {
            let text = try file(script)
            for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                guard let from = line.range(of: "\"./"), let end = line[from.upperBound...].firstIndex(of: "\"")
                else { continue }
                let imported = String(line[from.upperBound..<end])
                #expect(imported == "mailsim.mjs" || names.contains(imported), "\(script) imports \(imported)")
            }
            // Small files with one job each.
            #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count <= 500, "\(script)")
        }
    }
}
