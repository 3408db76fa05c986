import MailboxAnimation
import MailboxSim
import MailboxText

/// Turns a line into a `Command` by reading the command table: the same table `help` and completion read.
///
/// A hot path: it reads the line's bytes, with words as byte ranges (`LineText`), and compares them with
/// the table's ASCII keywords byte for byte.
public enum Parser {
    typealias Word = LineText.Word

    /// Parses one line; nil for a blank line or a comment.
    public static func parse(_ line: Substring) throws(ScriptError) -> Command? {
        if let command = LineText.reading(line, FastParser.parse) { return command }
        return try parseByTable(line)
    }

    /// Parses one line given as its bytes (valid UTF-8): the same as `parse(String(decoding: bytes)[...])`, without
    /// making a `String` of a line that `FastParser` reads.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(ScriptError) -> Command? {
        if let command = FastParser.parse(LineText(bytes: bytes)) { return command }
        return try parseByTable(String(decoding: bytes, as: UTF8.self)[...])
    }

    /// Parses one line by walking the command table, without `FastParser`'s short cut for the common commands.
    static func parseByTable(_ line: Substring) throws(ScriptError) -> Command? {
        let result = LineText.reading(line) { text in
            Result { () throws(ScriptError) -> Command? in
                let words = try Lexer.words(text)
                guard !words.isEmpty else { return nil }
                return try parse(words: words[...], text)
            }
        }
        return try result.get()
    }

    static func parse(words: ArraySlice<Word>, _ text: LineText) throws(ScriptError) -> Command {
        var words = words
        var head = words.removeFirst()
        // `!pan msg1 10` reads as `! pan msg1 10`.
        if text.first(head) == UInt8(ascii: "!"), text.text(head).count > 1, text.text(head).hasPrefix("!") {
            let column = words.first?.column ?? 0
            words.insert(Word(start: head.start + 1, end: head.end, column: column), at: words.startIndex)
            head.end = head.start + 1
        }
        guard let position = CommandTable.position(of: head, in: text) else {
            let name = text.text(head)
            throw .unknownCommand(String(name), suggestion: CommandTable.suggestion(for: name))
        }
        let spec = CommandTable.all[position]
        let arguments = try readArguments(of: spec, from: words, text)
        return try spec.build(arguments)
    }

    private static func readArguments(of spec: CommandSpec, from words: ArraySlice<Word>,
                                      _ text: LineText) throws(ScriptError) -> Arguments {
        var rest = words
        var values = Arguments()
        var index = 0
        let parameters = spec.parameters, flags = spec.flags, hasFlags = !flags.isEmpty
        while let step = ParameterWalk<Word>.next(parameters, flags: flags, at: &index, &rest,
                                                  spells: { text.spells($0, $1) }) {
            switch step {
            case .flag(let parameter, let present):
                values.append(parameter.key, present ? .flag : nil)
            case .value(let parameter):
                if hasFlags, let word = rest.first { try refuseUnknownOption(word, of: spec, text) }
                if let word = rest.first, isHashWord(word, text), ![.value, .text, .command].contains(parameter.kind) {
                    throw commentError(spec, word, words, text)
                }
                let failing = rest.first
                do {
                    values.append(parameter.key, try read(parameter, of: spec, from: &rest, text))
                } catch {
                    if parameter.kind == .path || parameter.kind == .comparison,
                       let glued = operatorError(spec, failing: failing, words, text) { throw glued }
                    throw error
                }
            case .absent(let parameter):
                guard parameter.optional else {
                    if hasFlags, let word = rest.first { try refuseUnknownOption(word, of: spec, text) }
                    throw .missingArgument(command: spec.name, parameter: parameter.name, usage: spec.synopsis)
                }
                values.append(parameter.key, nil)
            case .keywordWithoutValue(let parameter):
                throw .missingAfterKeyword(command: spec.name, parameter: parameter.name, keyword: parameter.keyword ?? "", usage: spec.synopsis)
            }
        }
        if let word = rest.first {
            if hasFlags { try refuseUnknownOption(word, of: spec, text) }
            if isHashWord(word, text) { throw commentError(spec, word, words, text) }
            throw .unexpectedWord(command: spec.name, word: String(text.text(word)), usage: spec.synopsis)
        }
        return values
    }

    /// A word that starts with `#` and is no colour: meant as a comment, written without its blank.
    private static func isHashWord(_ word: Word, _ text: LineText) -> Bool {
        text.first(word) == UInt8(ascii: "#") && Color(hex: String(text.text(word))) == nil
    }

    /// `release #lift`: the comment needs `#` to stand alone; says how to write the line.
    private static func commentError(_ spec: CommandSpec, _ word: Word, _ words: ArraySlice<Word>,
                                     _ text: LineText) -> ScriptError {
        let fixed = words.map { $0.start == word.start ? "# " + text.text($0).dropFirst() : String(text.text($0)) }
        let example = ([spec.name] + fixed).joined(separator: " ")
        return .gluedComment(command: spec.name, word: String(text.text(word)), rewrite: example)
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
    private static func operatorError(_ spec: CommandSpec, failing word: Word?, _ words: ArraySlice<Word>,
                                      _ line: LineText) -> ScriptError? {
        guard let word, let first = words.first, let last = words.last else { return nil }
        let text = line.text(word)
        let isOperator = { (c: Character) in "=<>!".contains(c) }
        guard text.contains(where: isOperator), !text.allSatisfy(isOperator) else { return nil }
        guard let spaced = spacedOperator(line.text(from: first.start, to: last.end)) else { return nil }
        return .gluedOperator(command: spec.name, rewrite: spec.name + " " + spaced)
    }

    /// For a command with flags: a word spelled like an option (`--jsn`) that is none of them is an unknown
    /// option, not a value (`timeline --jsn` is not a target).
    @inline(never)
    private static func refuseUnknownOption(_ word: Word, of spec: CommandSpec, _ line: LineText) throws(ScriptError) {
        let text = line.text(word)
        guard text.hasPrefix("--"), !spec.flags.contains(where: { line.spells(word, $0) }) else { return }
        throw .unknownOption(command: spec.name, option: String(text), suggestion: nearest(String(text), in: spec.flags),
                             usage: spec.synopsis)
    }

    private static func read(_ parameter: Parameter, of spec: CommandSpec, from rest: inout ArraySlice<Word>,
                             _ line: LineText) throws(ScriptError) -> ArgumentValue {
        let word = rest.removeFirst()
        switch parameter.kind {
        case .panTarget:
            return .panTarget(try panTarget(word, line, spec))
        case .message:
            if let id = MessageID(ascii: line.bytes(word)) { return .panTarget(.message(id)) }
            let text = line.text(word)
            throw .unknownMessage(String(text), suggestion: nearest(String(text), in: ["msg1"]), command: spec.name)
        case .distance, .velocity, .duration, .tolerance, .wholeNumber:
            return .number(try number(word, line, parameter, spec))
        case .tapTarget:
            guard let entry = TapTarget.words.first(where: { line.spells(word, $0.word) }) else {
                let text = line.text(word)
                let words = TapTarget.words.map(\.word)
                throw .unknownTapTarget(String(text), suggestion: nearest(String(text), in: words), targets: words)
            }
            if let target = entry.target { return .tapTarget(target) }
            guard let name = rest.first.map(line.text) else {
                throw .missingSegmentName
            }
            rest.removeFirst()
            guard let segment = Segment(rawValue: String(name)) else {
                throw .unknownSegment(String(name), suggestion: nearest(String(name), in: Segment.allCases.map(\.rawValue)))
            }
            return .tapTarget(.segment(segment))
        case .setting:
            guard TunableTable.all.contains(where: { line.spells(word, $0.name) }) else {
                let text = line.text(word)
                throw .unknownParameter(String(text), suggestion: nearest(String(text), in: TunableTable.names))
            }
            return .word(line.text(word))
        case .settingValue:
            let end = rest.last?.end ?? word.end
            rest.removeAll()
            return .word(line.text(from: word.start, to: end))
        case .accessibilityAction:
            let text = line.text(word)
            guard AccessibilityAction(rawValue: String(text)) != nil else {
                let names = AccessibilityAction.allCases.map(\.rawValue)
                throw .unknownAction(String(text), suggestion: nearest(String(text), in: names), actions: names)
            }
            return .word(text)
        case .path:
            return .path(try PropertyPath.parse(word, line))
        case .comparison:
            return .comparison(try comparison(word, line))
        case .commandName:
            guard CommandTable.position(of: word, in: line) != nil || line.spells(word, CommandTable.pathsTopic) else {
                let text = line.text(word)
                throw .unknownHelpTopic(String(text), suggestion: CommandTable.suggestion(for: text))
            }
            return .word(line.text(word))
        case .text:
            // One quoted word is the text it stands for (`type "a\tb"`); anything else is the rest of the line.
            if rest.isEmpty, line.first(word) == UInt8(ascii: "\""), let text = unquoted(line.text(word)) {
                return .word(text[...])
            }
            let end = rest.last?.end ?? word.end
            rest.removeAll()
            return .word(line.text(from: word.start, to: end))
        case .command:
            // Refused before parsing: `!!!!…` would otherwise recurse once per `!`.
            if line.text(word).hasPrefix("!") { throw .doubleBang }
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
            return .command(inner, text: String(line.text(from: word.start, to: all.last!.end)))
        case .overlayOption, .pathPrefix, .value, .subject, .file:
            return .word(line.text(word))
        }
    }

    /// The text a word that starts with `"` stands for (the lexer has checked it reads); nil for any other word.
    static func unquoted(_ word: Substring) -> String? {
        guard word.first == "\"", case .success(let text) = ScriptQuoting.unquote(word) else { return nil }
        return text
    }

    /// A pan's target: `content` or `msgN`.
    static func panTarget(_ word: Word, _ line: LineText, _ spec: CommandSpec) throws(ScriptError) -> PanTarget {
        if let target = panTarget(word, line) { return target }
        let text = line.text(word)
        throw .unknownPanTarget(String(text), suggestion: nearest(String(text), in: ["content", "msg1"]), command: spec.name)
    }

    /// `content` or `msgN`; nil for anything else.
    static func panTarget(_ word: Word, _ line: LineText) -> PanTarget? {
        if line.spells(word, "content") { return .content }
        return MessageID(ascii: line.bytes(word)).map { .message($0) }
    }

    /// An `expect` operator.
    static func comparison(_ word: Word, _ line: LineText) throws(ScriptError) -> Comparison {
        guard let index = line.index(of: word, in: comparisonSpellings) else {
            throw .unknownOperator(String(line.text(word)))
        }
        return comparisons[index]
    }

    /// The operators and their spellings as bytes (kept: `allCases` makes a new array each time).
    private static let comparisons = Comparison.allCases
    private static let comparisonSpellings = SpellingTable(comparisons.map(\.rawValue))

    /// The number a numeric parameter takes (a distance, velocity, duration, tolerance or whole number), within the
    /// bounds its kind sets.
    static func number(_ word: Word, _ line: LineText, _ parameter: Parameter,
                       _ spec: CommandSpec) throws(ScriptError) -> DecimalNumber {
        let number = try DecimalNumber.parse(word, line)
        guard let refusal = refusal(of: number, as: parameter.kind) else { return number }
        let text = String(line.text(word))
        switch refusal {
        case .beyondLimit(let limit):
            throw .beyondLimit(command: spec.name, parameter: parameter.name, text: text, limit: limit)
        case .negativeDuration:
            throw .negativeDuration(command: spec.name, text: text)
        case .durationOutOfRange(let max):
            throw .durationOutOfRange(command: spec.name, parameter: parameter.name, text: text, max: max)
        case .negativeTolerance:
            throw .negativeTolerance(text)
        case .wholeNumberOutOfRange(let range):
            throw .wholeNumberOutOfRange(command: spec.name, parameter: parameter.name, text: text, range: range)
        }
    }

    /// The number a parameter of `kind` takes, as `number(_:_:_:_:)` reads it; nil where that throws (the fast
    /// reader's way: the table's then explains).
    static func number(_ word: Word, _ line: LineText, as kind: ArgumentKind) -> DecimalNumber? {
        guard let number = try? DecimalNumber.parse(word, line), refusal(of: number, as: kind) == nil else { return nil }
        return number
    }

    /// Why a parameter of `kind` does not take `number`, if it does not.
    enum NumberRefusal: Equatable {
        case beyondLimit(Double), negativeDuration, durationOutOfRange(max: Double), negativeTolerance
        case wholeNumberOutOfRange(ClosedRange<Int>)
    }

    /// The bounds each numeric kind sets (a distance, velocity, duration, tolerance or whole number).
    static func refusal(of number: DecimalNumber, as kind: ArgumentKind) -> NumberRefusal? {
        switch kind {
        case .distance:
            return abs(number.value) <= ScriptLimits.maxTranslation ? nil : .beyondLimit(ScriptLimits.maxTranslation)
        case .velocity(let max):
            return abs(number.value) <= max ? nil : .beyondLimit(max)
        case .duration(let max):
            guard !number.negative || number.value == 0 else { return .negativeDuration }
            // On the exact ticks: a Double rounds 1000000000.000000001 down to the limit.
            guard let ticks = number.ticks, ticks <= Ticks(seconds: max) else { return .durationOutOfRange(max: max) }
            return nil
        case .tolerance:
            return !number.negative || number.value == 0 ? nil : .negativeTolerance
        case .wholeNumber(let range):
            guard let n = number.integer, range.contains(n) else { return .wholeNumberOutOfRange(range) }
            return nil
        default:
            return nil
        }
    }
}
