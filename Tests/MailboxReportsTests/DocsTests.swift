import Foundation
import Testing

@testable import MailboxReports
@testable import MailboxScript

/// The generated parts of the documentation are what the tables they describe say: docs/tuning.md's lists
/// (`MarkdownTables`), docs/language.md's command reference, README.md's command list, the fuzzer's dictionary of
/// command words, the wasm tests' list of the commands that touch files, SPEC §4's command table and the VS Code
/// grammar (`LanguageReference`). `MAILSIM_UPDATE_GOLDEN=1` (`make golden`) rewrites them in place.
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A file with generated blocks: where it is, its blocks, and how a block's markers are written in it.
    struct Generated: Sendable, CustomTestStringConvertible {
        let path: String
        /// Each block's text, from the block as it stands (most ignore it).
        let blocks: [(name: String, text: @Sendable (_ current: String) -> String)]
        let begin: @Sendable (String) -> String
        let end: String
        var testDescription: String { path }

        init(
            path: String, blocks: [(name: String, text: @Sendable () -> String)],
            begin: @escaping @Sendable (String) -> String, end: String
        ) {
            self.init(path: path, reading: blocks.map { block in (block.name, { _ in block.text() }) }, begin, end)
        }

        init(
            path: String, reading blocks: [(name: String, text: @Sendable (_ current: String) -> String)],
            _ begin: @escaping @Sendable (String) -> String, _ end: String
        ) {
            self.path = path
            self.blocks = blocks
            self.begin = begin
            self.end = end
        }
    }

    static let markdown: @Sendable (String) -> String = { "<!-- generated: \($0) -->\n" }
    static let files: [Generated] = [
        Generated(
            path: "docs/tuning.md", blocks: MarkdownTables.blocks, begin: markdown, end: "<!-- end generated -->"),
        Generated(
            path: "docs/language.md", blocks: LanguageReference.languageBlocks, begin: markdown,
            end: "<!-- end generated -->"),
        Generated(
            path: "docs/SPEC.md", reading: LanguageReference.specBlocks, markdown, "<!-- end generated -->"),
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
            let expected = make(String(text[start.upperBound..<stop.lowerBound])) + "\n"
            #expect(
                Self.updating || String(text[start.upperBound..<stop.lowerBound]) == expected,
                "\(file.path)'s \(name) block is out of date: make golden rewrites it")
            text.replaceSubrange(start.upperBound..<stop.lowerBound, with: expected)
        }
        if Self.updating && text != original { try text.write(to: url, atomically: true, encoding: .utf8) }
    }

    /// The VS Code grammar is written whole from the tables (JSON has no comments to mark a block with).
    @Test func theGrammarIsUpToDate() throws {
        let url = Self.root.appendingPathComponent("editors/vscode/syntaxes/mbs.tmLanguage.json")
        let expected = LanguageReference.textMateGrammar()
        if Self.updating {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "editors/vscode/syntaxes/mbs.tmLanguage.json is out of date: make golden rewrites it")
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8)) is [String: Any])
    }

    /// SPEC's rows keep their words by command name, and a command the block has no row for starts with its
    /// summary.
    @Test func theContractKeepsItsWordsAndGainsARowForANewCommand() throws {
        let pan = try #require(CommandTable.spec(named: "pan"))
        let shake = try #require(CommandTable.spec(named: "shake"))
        let block = "| command | what it does |\n|---|---|\n| `pan TARGET` | moves \\| the row |\n| `old` | gone |\n"
        let rows = LanguageReference.specCommands(current: block).split(separator: "\n")
        #expect(rows.count == CommandTable.all.count + 2)
        #expect(rows.contains("| `\(pan.synopsis)` | moves \\| the row |"))
        #expect(rows.contains("| `\(shake.synopsis)` | \(shake.summary) |"))
        #expect(!rows.contains { $0.contains("gone") })
    }

    static var updating: Bool { ProcessInfo.processInfo.environment["MAILSIM_UPDATE_GOLDEN"] == "1" }
}
