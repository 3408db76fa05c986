import MailboxScript
import MailboxSim

/// The generated parts of the language's documentation, written from the command table (`CommandTable.all`):
/// the README's command list, docs/language.md's reference, the fuzzer's dictionary of command words and the
/// wasm tests' list of the commands that touch files.
/// `DocsTests` keeps each file in step, and `make golden` rewrites the blocks between their markers.
public enum LanguageReference {
    /// docs/language.md's blocks by name.
    public static let languageBlocks: [(name: String, text: @Sendable () -> String)] = [
        ("command-reference", reference)
    ]
    /// README.md's blocks by name.
    public static let readmeBlocks: [(name: String, text: @Sendable () -> String)] = [("commands", commandList)]
    /// Fuzz/mbs.dict's blocks by name.
    public static let dictionaryBlocks: [(name: String, text: @Sendable () -> String)] = [
        ("command-words", dictionaryWords)
    ]

    /// Tests/wasm/scripts.mjs's list of the commands that touch files (`CommandTraits.touchesFiles`, names and
    /// aliases): the scripts the page's module is not held to the native binary on.
    public static let wasmTestBlocks: [(name: String, text: @Sendable () -> String)] = [
        ("touches-files", filesTouched)
    ]

    static func filesTouched() -> String {
        let words = CommandTable.all.filter { $0.traits.contains(.touchesFiles) }.flatMap { $0.names }
        return "export const touchesFiles = /^\\s*!?\\s*(\(words.joined(separator: "|")))\\b/m;"
    }

    /// One row a command: its synopsis (and its aliases') and what it does in a line.
    public static func commandList() -> String {
        var lines = ["| script command | what it does |", "|---|---|"]
        for spec in CommandTable.all {
            lines.append("| \(synopses(spec, inTable: true)) | \(cell(spec.summary)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// Every command as `help NAME` explains it: the synopsis as a heading, the paragraph, its kind, an example.
    public static func reference() -> String {
        var parts: [String] = []
        for spec in CommandTable.all {
            var text = "### `\(spec.name)`\n\n" + synopses(spec, inTable: false) + "\n\n" + spec.details
            let kind = spec.traits.words + (spec.interactiveOnly ? ["at the REPL prompt only"] : [])
            text += "\n\n" + (kind.isEmpty ? "Only looks." : kind.joined(separator: "; ").capitalizedFirst + ".")
            text += " Example: `\(spec.example)`."
            parts.append(text)
        }
        return parts.joined(separator: "\n\n")
    }

    /// libFuzzer's dictionary entries for the language's words: every command name and alias, flag, keyword
    /// before an argument, tap target and accessibility action, each once, in table order.
    public static func dictionaryWords() -> String {
        var words: [String] = []
        func add(_ word: String) { if !words.contains(word) { words.append(word) } }
        for spec in CommandTable.all {
            spec.names.forEach(add)
            for parameter in spec.parameters { parameter.keyword.map(add) }
        }
        add(CommandTable.pathsTopic)
        TapTarget.words.map({ $0.word }).forEach(add)
        AccessibilityAction.allCases.map({ $0.rawValue }).forEach(add)
        return words.map { "\"" + $0 + "\"" }.joined(separator: "\n")
    }

    /// `advance S`, `wait S`: the synopsis under each name the command answers to.
    static func synopses(_ spec: CommandSpec, inTable: Bool) -> String {
        let arguments = String(spec.synopsis.dropFirst(spec.name.count))
        return spec.names.map { "`" + (inTable ? cell($0 + arguments) : $0 + arguments) + "`" }.joined(separator: ", ")
    }

    /// Text made safe for a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}

extension String {
    /// The text with its first letter upper-case.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
