import MailboxAnimation
import MailboxSim
import MailboxText

/// Turns a line into a `Command` by reading the command table: the same table `help` and completion read.
///
/// The common lines of a long script (`pan`, `expect`, `advance`…) are read first by `FastParser`
/// (`FastPath/`, docs/fast-path.md), which answers nil for anything it does not take; the rest, every error
/// included, is read here: the lexer's words, then the command's parameters walked one by one (`ParameterWalk`).
public enum Parser {
    /// Parses one line; nil for a blank line or a comment.
    public static func parse(_ line: Substring) throws(ScriptError) -> Command? {
        if let command = FastParser.parse(line) { return command }
        return try parseByTable(line)
    }

    /// Parses one line by walking the command table, without `FastParser`'s short cut for the common commands.
    static func parseByTable(_ line: Substring) throws(ScriptError) -> Command? {
        let words = try Lexer.tokens(line)
        guard !words.isEmpty else { return nil }
        return try parse(words: words[...], line)
    }

    /// The command the words spell; `line` is the line they are slices of.
    static func parse(words: ArraySlice<Token>, _ line: Substring) throws(ScriptError) -> Command {
        var words = words
        var head = words.removeFirst()
        // `!pan msg1 10` reads as `! pan msg1 10`.
        if head.text.hasPrefix("!"), head.text.count > 1 {
            let column = words.first?.column ?? 0
            let afterBang = head.text.unicodeScalars.index(after: head.text.startIndex)
            words.insert(Token(text: head.text[afterBang...], column: column), at: words.startIndex)
            head = Token(text: head.text[..<afterBang], column: head.column)
        }
        guard let position = CommandTable.position(of: head.text) else {
            throw .unknownCommand(String(head.text), suggestion: CommandTable.suggestion(for: head.text))
        }
        let spec = CommandTable.all[position]
        let arguments = try readArguments(of: spec, from: words, line)
        return try spec.build(arguments)
    }

    private static func readArguments(
        of spec: CommandSpec, from words: ArraySlice<Token>,
        _ line: Substring
    ) throws(ScriptError) -> Arguments {
        var rest = words
        var values = Arguments()
        var index = 0
        let parameters = spec.parameters
        let flags = spec.flags
        let hasFlags = !flags.isEmpty
        while let step = ParameterWalk<Token>.next(
            parameters, flags: flags, at: &index, &rest,
            spells: { $0.text == $1 })
        {
            switch step {
            case .flag(let parameter, let present):
                values.append(parameter.key, present ? .flag : nil)
            case .value(let parameter):
                if hasFlags, let word = rest.first { try refuseUnknownOption(word, of: spec) }
                if let word = rest.first, isHashWord(word), ![.value, .text, .command].contains(parameter.kind) {
                    throw commentError(spec, word, words)
                }
                let failing = rest.first
                do {
                    values.append(parameter.key, try read(parameter, of: spec, from: &rest, line))
                } catch {
                    if parameter.kind == .path || parameter.kind == .comparison,
                        let glued = operatorError(spec, failing: failing, words, line)
                    {
                        throw glued
                    }
                    throw error
                }
            case .absent(let parameter):
                guard parameter.optional else {
                    if hasFlags, let word = rest.first { try refuseUnknownOption(word, of: spec) }
                    throw .missingArgument(command: spec.name, parameter: parameter.name, usage: spec.synopsis)
                }
                values.append(parameter.key, nil)
            case .keywordWithoutValue(let parameter):
                throw .missingAfterKeyword(
                    command: spec.name, parameter: parameter.name, keyword: parameter.keyword ?? "",
                    usage: spec.synopsis)
            }
        }
        if let word = rest.first {
            if hasFlags { try refuseUnknownOption(word, of: spec) }
            if isHashWord(word) { throw commentError(spec, word, words) }
            throw .unexpectedWord(command: spec.name, word: String(word.text), usage: spec.synopsis)
        }
        return values
    }

    /// A word that starts with `#` and is no colour: meant as a comment, written without its blank.
    private static func isHashWord(_ word: Token) -> Bool {
        word.text.unicodeScalars.first == "#" && Color(hex: String(word.text)) == nil
    }

    /// `release #lift`: the comment needs `#` to stand alone; says how to write the line.
    private static func commentError(_ spec: CommandSpec, _ word: Token, _ words: ArraySlice<Token>) -> ScriptError {
        let fixed = words.map {
            $0.text.startIndex == word.text.startIndex ? "# " + $0.text.dropFirst() : String($0.text)
        }
        let example = ([spec.name] + fixed).joined(separator: " ")
        return .gluedComment(command: spec.name, word: String(word.text), rewrite: example)
    }

    /// `expect msg1.x==0`: the text from `word` to the end of the line with one blank on each side of its
    /// first operator (`msg1.x == 0`), or nil when it has none.
    static func spacedOperator(_ text: Substring) -> String? {
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if let op = ["==", "!=", "<=", ">=", "<", ">", "="].first(where: { rest.hasPrefix($0) }) {
                let left = String(text[..<i]).trimmingBlanks
                let right = String(rest.dropFirst(op.count)).trimmingBlanks
                guard !left.isEmpty, !right.isEmpty else { return nil }
                return "\(left) \(op == "=" ? "==" : op) \(right)"
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// The error for an operator written against its neighbours (`msg1.x==0`, `==0`), when the word that did
    /// not read has an operator and something else in it; nil otherwise (the word's own error stands).
    private static func operatorError(
        _ spec: CommandSpec, failing word: Token?, _ words: ArraySlice<Token>,
        _ line: Substring
    ) -> ScriptError? {
        guard let word, let first = words.first, let last = words.last else { return nil }
        let isOperator = { (c: Character) in "=<>!".contains(c) }
        guard word.text.contains(where: isOperator), !word.text.allSatisfy(isOperator) else { return nil }
        guard let spaced = spacedOperator(line[first.text.startIndex..<last.text.endIndex]) else { return nil }
        return .gluedOperator(command: spec.name, rewrite: spec.name + " " + spaced)
    }

    /// For a command with flags: a word spelled like an option (`--jsn`) that is none of them is an unknown
    /// option, not a value (`timeline --jsn` is not a target).
    private static func refuseUnknownOption(_ word: Token, of spec: CommandSpec) throws(ScriptError) {
        let text = word.text
        guard text.hasPrefix("--"), !spec.flags.contains(where: { text == $0 }) else { return }
        throw .unknownOption(
            command: spec.name, option: String(text), suggestion: nearest(String(text), in: spec.flags),
            usage: spec.synopsis)
    }

    /// The value of one parameter, taken from the front of `rest` (most take one word; some the rest of the line).
    private static func read(
        _ parameter: Parameter, of spec: CommandSpec, from rest: inout ArraySlice<Token>,
        _ line: Substring
    ) throws(ScriptError) -> ArgumentValue {
        let word = rest.removeFirst()
        let text = word.text
        switch parameter.kind {
        case .panTarget:
            return .panTarget(try panTarget(text, spec))
        case .message:
            if let id = MessageID(name: text) { return .panTarget(.message(id)) }
            throw .unknownMessage(String(text), suggestion: nearest(String(text), in: ["msg1"]), command: spec.name)
        case .distance, .velocity, .duration, .tolerance, .wholeNumber:
            return .number(.typed(try number(text, parameter, spec)))
        case .tapTarget:
            guard let entry = TapTarget.words.first(where: { text == $0.word }) else {
                let words = TapTarget.words.map({ $0.word })
                throw .unknownTapTarget(String(text), suggestion: nearest(String(text), in: words), targets: words)
            }
            if let target = entry.target { return .tapTarget(target) }
            guard let name = rest.first?.text else {
                throw .missingSegmentName
            }
            rest.removeFirst()
            guard let segment = Segment(rawValue: String(name)) else {
                throw .unknownSegment(
                    String(name), suggestion: nearest(String(name), in: Segment.allCases.map({ $0.rawValue })))
            }
            return .tapTarget(.segment(segment))
        case .setting:
            guard TunableTable.all.contains(where: { text == $0.name }) else {
                throw .unknownParameter(String(text), suggestion: nearest(String(text), in: TunableTable.names))
            }
            return .word(text)
        case .settingValue:
            return .word(restOfLine(from: word, &rest, line))
        case .accessibilityAction:
            guard AccessibilityAction(rawValue: String(text)) != nil else {
                let names = AccessibilityAction.allCases.map({ $0.rawValue })
                throw .unknownAction(String(text), suggestion: nearest(String(text), in: names), actions: names)
            }
            return .word(text)
        case .choice(let words):
            guard words.contains(where: { text == $0 }) else {
                throw .unknownWord(
                    String(text), suggestion: nearest(String(text), in: words), words: words, command: spec.name)
            }
            return .word(text)
        case .path:
            return .path(try PropertyPath.parse(text))
        case .exportFormat:
            guard ExportFormat(rawValue: String(text)) != nil else {
                throw .unknownExportFormat(
                    String(text), suggestion: nearest(String(text), in: ExportFormat.names), formats: ExportFormat.names
                )
            }
            return .word(text)
        case .comparison:
            guard let comparison = Comparison(rawValue: String(text)) else { throw .unknownOperator(String(text)) }
            return .comparison(comparison)
        case .commandName:
            guard CommandTable.position(of: text) != nil || text == CommandTable.pathsTopic else {
                throw .unknownHelpTopic(String(text), suggestion: CommandTable.suggestion(for: text))
            }
            return .word(text)
        case .text:
            // One quoted word is the text it stands for (`type "a\tb"`); anything else is the rest of the line.
            if rest.isEmpty, let unquoted = unquoted(text) { return .word(unquoted[...]) }
            return .word(restOfLine(from: word, &rest, line))
        case .command:
            // Refused before parsing: `!!!!…` would otherwise recurse once per `!`.
            if text.hasPrefix("!") { throw .doubleBang }
            let all = [word] + rest
            rest.removeAll()
            let inner: Command
            do {
                inner = try parse(words: all[...], line)
            } catch {
                inner = .invalid(error)
            }
            if case .expect = inner { throw .bangExpect }
            if case .mustFail = inner { throw .doubleBang }
            return .command(inner, text: String(line[text.startIndex..<all.last!.text.endIndex]))
        case .overlayOption, .pathPrefix, .value, .subject, .file:
            return .word(text)
        }
    }

    /// The line from `word` to its last word, as written (blanks inside kept); takes every word left.
    private static func restOfLine(from word: Token, _ rest: inout ArraySlice<Token>, _ line: Substring) -> Substring {
        let end = rest.last?.text.endIndex ?? word.text.endIndex
        rest.removeAll()
        return line[word.text.startIndex..<end]
    }

    /// The text a word that starts with `"` stands for (the lexer has checked it reads); nil for any other word.
    static func unquoted(_ word: Substring) -> String? {
        guard word.first == "\"", case .success(let text) = ValueQuoting.unquote(word) else { return nil }
        return text
    }

    /// A pan's target: `content` or `msgN`.
    private static func panTarget(_ text: Substring, _ spec: CommandSpec) throws(ScriptError) -> PanTarget {
        if text == "content" { return .content }
        if let id = MessageID(name: text) { return .message(id) }
        throw .unknownPanTarget(
            String(text), suggestion: nearest(String(text), in: ["content", "msg1"]), command: spec.name)
    }

    /// The number a numeric parameter takes (a distance, velocity, duration, tolerance or whole number), within the
    /// bounds its kind sets.
    private static func number(
        _ text: Substring, _ parameter: Parameter,
        _ spec: CommandSpec
    ) throws(ScriptError) -> DecimalNumber {
        let number = try DecimalNumber.parse(text)
        guard let refusal = parameter.kind.refusal(of: .typed(number)) else { return number }
        throw refusal.error(command: spec.name, parameter: parameter.name, text: String(text))
    }
}
