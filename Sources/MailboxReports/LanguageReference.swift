import MailboxScript
import MailboxSim

/// The generated parts of the language's documentation, written from the command table (`CommandTable.all`):
/// the README's command list, docs/language.md's reference, SPEC §4's command table, the fuzzer's dictionary of
/// command words, the wasm tests' list of the commands that touch files and the VS Code grammar.
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

    /// docs/SPEC.md's blocks by name, each written from the block as it stands (`current`): §4's command table.
    public static let specBlocks: [(name: String, text: @Sendable (_ current: String) -> String)] = [
        ("commands", specCommands)
    ]

    /// SPEC §4's command table: a row a command, in the table's order, its synopsis (and its aliases') from the
    /// table and what it does in the contract's words, kept from the row the block holds for that command (found
    /// by its name); a command the block has no row for yet starts with its summary, for its author to reword.
    public static func specCommands(current: String) -> String {
        var words: [String: String] = [:]
        for line in current.split(separator: "\n") where line.hasPrefix("| `") {
            guard let (name, prose) = specRow(line) else { continue }
            words[name] = prose
        }
        var lines = ["| command | what it does |", "|---|---|"]
        for spec in CommandTable.all {
            lines.append("| \(synopses(spec, inTable: true)) | \(words[spec.name] ?? cell(spec.summary)) |")
        }
        return lines.joined(separator: "\n")
    }

    /// A row's command name (the first word of its first cell) and its second cell, as written.
    static func specRow(_ line: Substring) -> (name: String, prose: String)? {
        let cells = line.dropFirst(2).dropLast(line.hasSuffix(" |") ? 2 : 0)
        var index = cells.startIndex
        while index < cells.endIndex {
            if cells[index...].hasPrefix(" | ") && cells[cells.index(before: index)] != "\\" { break }
            index = cells.index(after: index)
        }
        guard index < cells.endIndex else { return nil }
        let name = cells.dropFirst().prefix { $0 != " " && $0 != "`" }
        return (String(name), String(cells[cells.index(index, offsetBy: 3)...]))
    }

    /// editors/vscode/syntaxes/mbs.tmLanguage.json, the whole file: the command names, the words before an
    /// argument and the flags, and the first words of the property paths, from the tables.
    public static func textMateGrammar() -> String {
        var keywords: [String] = []
        for spec in CommandTable.all {
            for parameter in spec.parameters {
                if let keyword = parameter.keyword, !keywords.contains(keyword) { keywords.append(keyword) }
            }
        }
        let commands = CommandTable.all.flatMap { $0.names }.filter { $0 != "!" }
        var roots: [String] = []
        for name in PropertyPath.templates {
            let root = String(name.prefix { $0 != "." })
            if root != "msgN" && !roots.contains(root) { roots.append(root) }
        }
        func alternatives(_ words: [String]) -> String {
            words.map { $0.replacingRegexMetacharacters }.joined(separator: "|")
        }
        let patterns = [
            #"{ "name": "comment.line.number-sign.mbs", "match": "^\\s*#.*$" }"#,
            #"{ "name": "comment.line.number-sign.mbs", "match": "(?<=\\s)#(?=\\s|$).*$" }"#,
            #"{ "name": "keyword.operator.assertion.mbs", "match": "^\\s*!" }"#,
            #"{ "match": "^\\s*!?\\s*(expect)\\b", "captures": { "1": { "name": "keyword.control.expect.mbs" } } }"#,
            #"{ "match": "^\\s*!?\\s*("# + alternatives(commands)
                + #")\\b", "captures": { "1": { "name": "keyword.other.command.mbs" } } }"#,
            #"{ "name": "keyword.operator.comparison.mbs", "match": "(?<=\\s)(==|!=|<=|>=|<|>)(?=\\s|$)" }"#,
            #"{ "name": "keyword.other.mbs", "match": "(?<=\\s)("# + alternatives(keywords) + #")(?=\\s|$)" }"#,
            #"{ "name": "constant.other.color.mbs", "match": "(?<=\\s)#[0-9A-Fa-f]{6}\\b" }"#,
            #"{ "name": "variable.other.message.mbs", "match": "\\bmsg\\d+(\\.[a-z.]+)?\\b" }"#,
            #"{ "name": "variable.other.path.mbs", "match": "\\b(param\\.[a-z.]+|("# + alternatives(roots)
                + #")(\\.[a-z.]+)?)\\b" }"#,
            #"{ "name": "constant.numeric.mbs", "match": "(?<!\\S)[+-]?(\\d+(\\.\\d*)?|\\.\\d+)(?=\\s|$)" }"#,
            #"{ "name": "constant.language.mbs", "match": "\\b(true|false|none|on|off)\\b" }"#
        ]
        return """
            {
              "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
              "name": "mailsim script",
              "scopeName": "source.mbs",
              "patterns": [
            \(patterns.map { "    " + $0 }.joined(separator: ",\n"))
              ]
            }

            """
    }

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
    /// The word with a regular expression's metacharacters escaped, for a JSON string (`-` needs none outside a
    /// class; a `.` becomes `\\.`).
    fileprivate var replacingRegexMetacharacters: String {
        var escaped = ""
        for character in self {
            if ".+*?()[]{}|^$\\".contains(character) { escaped += "\\\\" }
            escaped.append(character)
        }
        return escaped
    }

    /// The text with its first letter upper-case.
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
