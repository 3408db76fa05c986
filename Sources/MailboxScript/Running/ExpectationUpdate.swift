import MailboxText

/// `mailsim test --update`: a script's text with every failed `expect` rewritten so that it holds. The value
/// becomes the one the screen had (`Value.scriptText`); the operator, `within`, comments, blanks and line
/// endings stay byte for byte, and no other line moves (testscript's update mode, for expectations).
///
/// `==`, `<=` and `>=` hold with the actual value. `!=`, `<` and `>` cannot (no value written there makes them
/// hold with the value the screen has), and a `!` line whose command succeeded is a question for a person:
/// those are left alone and named.
public struct ExpectationUpdate: Sendable {
    /// One rewritten expectation.
    public struct Change: Equatable, Sendable {
        public let line: Int
        /// `msg1.x ==`: the path and the operator, as the line has them.
        public let path: String
        public let comparison: Comparison
        public let old: String
        public let new: String
    }

    /// A failed check the update leaves as it is, and why.
    public struct LeftAlone: Equatable, Sendable {
        public let line: Int
        public let reason: String
    }

    /// The script's bytes after the update (the same bytes when nothing changed).
    public let text: [UInt8]
    public let changes: [Change]
    public let leftAlone: [LeftAlone]

    /// The update of `source` for the `failures` a run of it reported (diagnostics of other kinds are ignored).
    public init(source: [UInt8], failures: [Diagnostic]) {
        var edits: [(range: Range<Int>, bytes: [UInt8])] = []
        var changes: [Change] = []
        var leftAlone: [LeftAlone] = []
        let lines = Self.lineRanges(source)
        for diagnostic in failures {
            guard case .failed(let failure) = diagnostic.kind else { continue }
            let number = diagnostic.line
            switch failure {
            case .unexpectedSuccess(let command):
                leftAlone.append(
                    LeftAlone(line: number, reason: "'! \(command)' succeeded: decide by hand whether it should"))
            case let .expectation(expectation, actual):
                switch expectation.comparison {
                case .equal, .lessOrEqual, .greaterOrEqual:
                    guard number >= 1, number <= lines.count,
                        let value = Self.valueRange(source, lines[number - 1], firstLine: number == 1)
                    else {
                        leftAlone.append(
                            LeftAlone(line: number, reason: "the line no longer reads as this expectation"))
                        continue
                    }
                    let old = String(decoding: source[value], as: UTF8.self)
                    let new = actual.scriptText
                    edits.append((value, Array(new.utf8)))
                    changes.append(
                        Change(
                            line: number, path: expectation.path.name, comparison: expectation.comparison,
                            old: old, new: new))
                case .notEqual, .less, .greater:
                    leftAlone.append(
                        LeftAlone(
                            line: number,
                            reason:
                                """
                                \(shortened(expectation.text)) cannot hold with the value it has \
                                (\(shortened(actual.precise))): change it by hand
                                """
                        ))
                }
            }
        }
        var text = source
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: edit.bytes)
        }
        self.text = text
        self.changes = changes
        self.leftAlone = leftAlone
    }

    /// The byte range of each line, without its LF, numbered as `LineSplitter` numbers them.
    static func lineRanges(_ source: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for (offset, byte) in source.enumerated() where byte == UInt8(ascii: "\n") {
            ranges.append(start..<offset)
            start = offset + 1
        }
        if start < source.count { ranges.append(start..<source.count) }
        return ranges
    }

    /// The bytes of the value word of the `expect` line at `range` (`expect PATH OP VALUE …`), as the lexer cuts
    /// it; nil when the line is not an `expect` with a value.
    static func valueRange(_ source: [UInt8], _ range: Range<Int>, firstLine: Bool) -> Range<Int>? {
        var start = range.lowerBound
        var end = range.upperBound
        if end > start && source[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if firstLine && source[start..<end].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        guard let line = String(validating: source[start..<end], as: UTF8.self),
            let tokens = try? Lexer.tokens(line[...]), tokens.count >= 4, tokens[0].text == "expect"
        else { return nil }
        let value = tokens[3].text
        let offset = line.utf8.distance(from: line.startIndex, to: value.startIndex)
        return (start + offset)..<(start + offset + value.utf8.count)
    }
}
