import Foundation
import MailboxHandoff
import Testing

/// The formats' names and files: what `mailsim export`, the prompt's `export` and the playground's Export offer.
@Suite struct HandoffFormatTests {
    @Test func formatsAreNamedOnce() {
        #expect(HandoffFormat.allCases.map(\.rawValue) == ["swift", "js", "tokens", "css"])
        #expect(HandoffFormat.swift.fileName() == "MailboxInteraction.swift")
        #expect(HandoffFormat.js.fileName() == "mailbox-interaction.mjs")
    }

    @Test func noNameTheToolchainDeclaresCanNameTheType() throws {
        // Every top-level public name of the modules every Swift file imports, read from this toolchain's own
        // interfaces (as tools/handoff/standard-library-names.sh reads them), is refused as a type name.
        let swift = try #require(
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
                .first { FileManager.default.isExecutableFile(atPath: $0) }, "swift on PATH")
        let toolchain = URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
        let pattern = try NSRegularExpression(
            pattern: #"^(?:@[A-Za-z_]+(?:\([^)]*\))? )*(?:(?:final|open|public|indirect|nonisolated) )*"#
                + #"(?:struct|enum|class|protocol|typealias|actor|func) ([A-Za-z][A-Za-z0-9_]*)"#,
            options: .anchorsMatchLines)
        var names: Set<String> = []
        for module in ["Swift", "_Concurrency", "_StringProcessing"] {
            let folder = toolchain.appendingPathComponent("lib/swift/linux/\(module).swiftmodule")
            let interface = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                    $0.hasSuffix("-unknown-linux-gnu.swiftinterface")
                }, "\(module)'s interface in \(folder.path)")
            let text = try String(contentsOf: folder.appendingPathComponent(interface), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let line = String(text[Range(match.range, in: text)!])
                guard line.contains("public ") || line.contains("open ") else { continue }
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        #expect(names.count > 400 && names.isSuperset(of: ["Optional", "Result", "Never", "Array", "Task", "min"]))
        let accepted = names.sorted().filter { HandoffOptions.problem(withTypeName: $0) == nil }
        #expect(accepted.isEmpty, "run tools/handoff/standard-library-names.sh: accepted \(accepted)")
        #expect(HandoffOptions.problem(withTypeName: "Swift")?.contains("module") == true)
        #expect(HandoffOptions.problem(withTypeName: "MailboxInteraction") == nil)
    }
}
