import Foundation
import Testing

@testable import MailboxReports
@testable import MailboxScript

/// The generated parts of the documentation are what the tables they describe say: docs/tuning.md's lists
/// (`MarkdownTables`), docs/language.md's command reference, README.md's command list, the fuzzer's dictionary of
/// command words and the wasm tests' list of the commands that touch files (`LanguageReference`).
/// `MAILSIM_UPDATE_GOLDEN=1` (`make golden`) rewrites them in place.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file with generated blocks: where it is, its blocks, and how a block's markers are written in it.
    struct Generated: Sendable, CustomTestStringConvertible {
        let path: String
        let blocks: [(name: String, text: @Sendable () -> String)]
        let begin: @Sendable (String) -> String
        let end: String
        var testDescription: String { path }
    }

    static let markdown: @Sendable (String) -> String = { "<!-- generated: \($0) -->\n" }
    static let files: [Generated] = [
        Generated(
            path: "docs/tuning.md", blocks: MarkdownTables.blocks, begin: markdown, end: "<!-- end generated -->"),
        Generated(
            path: "docs/language.md", blocks: LanguageReference.languageBlocks, begin: markdown,
            end: "<!-- end generated -->"),
        Generated(
            path: "README.md", blocks: LanguageReference.readmeBlocks, begin: markdown, end: "<!-- end generated -->"),
        Generated(
            path: "Tests/wasm/scripts.mjs", blocks: LanguageReference.wasmTestBlocks,
            begin: { "// generated: \($0)\n" },
            end: "// end generated"),
        Generated(
            path: "Fuzz/mbs.dict", blocks: LanguageReference.dictionaryBlocks, begin: { "# generated: \($0)\n" },
            end: "# end generated")
    ]

    /// One test a file, checking every block of it (the update rewrites the one file).
    @Test(arguments: files)
    func theGeneratedBlocksAreUpToDate(_ file: Generated) throws {
        let url = Self.root.appendingPathComponent(file.path)
        let original = try String(contentsOf: url, encoding: .utf8)
        var text = original
        for (name, make) in file.blocks {
            let begin = file.begin(name)
            let start = try #require(text.range(of: begin), "\(file.path) has no \(begin)")
            let stop = try #require(text.range(of: file.end, range: start.upperBound..<text.endIndex))
            let expected = make() + "\n"
            #expect(
                Self.updating || String(text[start.upperBound..<stop.lowerBound]) == expected,
                "\(file.path)'s \(name) block is out of date: make golden rewrites it")
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
        }
        if Self.updating && text != original { try text.write(to: url, atomically: true, encoding: .utf8) }
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1" }
}
