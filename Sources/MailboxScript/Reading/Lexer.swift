import MailboxText

/// One word of a command line, with the column it starts at (1-based, counted in Unicode scalars).
public struct Token: Equatable, Sendable {
    public let text: Substring
    public let column: Int
}

/// Splits a line into tokens: blanks separate words; a line whose first word starts with `#`, or a lone `#`
/// later in the line, starts a comment; `#B2B2B2` is a value, not a comment. A word that starts with `"` runs
/// to its closing quote, blanks included (`"hello world"`: `ValueQuoting`), and keeps its quotes: the command
/// that takes a value unquotes it. A control or invisible character anywhere is refused, with its column.
public enum Lexer {
    public static func tokens(_ line: Substring) throws(ScriptError) -> [Token] {
        let scalars = line.unicodeScalars
        var tokens: [Token] = []
        var index = scalars.startIndex
        var column = 0
        // Past a comment's `#`, a `"` is a character like any other.
        var inComment = false
        while index < scalars.endIndex {
            if isBlank(scalars[index]) {
                column += 1
                index = scalars.index(after: index)
                continue
            }
            let start = index
            let startColumn = column + 1
            if scalars[index] == "\"" && !inComment {
                index = try endOfQuoted(line, from: start, column: &column)
                tokens.append(Token(text: line[start..<index], column: startColumn))
                continue
            }
            while index < scalars.endIndex, !isBlank(scalars[index]) {
                column += 1
                if let kind = unprintable(scalars[index]) {
                    throw .unprintableCharacter(kind, scalars[index], column: column)
                }
                index = scalars.index(after: index)
            }
            let token = Token(text: line[start..<index], column: startColumn)
            tokens.append(token)
            if !inComment && (token.text == "#" || (tokens.count == 1 && token.text.hasPrefix("#"))) {
                inComment = true
            }
        }
        if let first = tokens.first, first.text.hasPrefix("#") { return [] }
        if let comment = tokens.firstIndex(where: { $0.text == "#" }) { tokens.removeSubrange(comment...) }
        return tokens
    }

    /// Where the quoted word starting at `start` ends (past its closing quote), checking its characters as a
    /// word's (a tab is allowed inside quotes), its escapes (`ValueQuoting.unquote`), and that a blank or the
    /// line's end follows it. `column` moves with it.
    private static func endOfQuoted(
        _ line: Substring, from start: String.Index,
        column: inout Int
    ) throws(ScriptError) -> String.Index {
        let scalars = line.unicodeScalars
        let startColumn = column + 1
        var index = scalars.index(after: start)
        column += 1
        var escaped = false
        while index < scalars.endIndex {
            let scalar = scalars[index]
            column += 1
            if scalar != "\t", let kind = unprintable(scalar) {
                throw .unprintableCharacter(kind, scalar, column: column)
            }
            index = scalars.index(after: index)
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                if index < scalars.endIndex && !isBlank(scalars[index]) {
                    throw .badQuote(.textAfterClosingQuote, column: column + 1)
                }
                if case .failure(let problem) = ValueQuoting.unquote(line[start..<index]) {
                    throw .badQuote(problem.kind, column: startColumn + problem.offset)
                }
                return index
            }
        }
        throw .badQuote(.unterminated, column: startColumn)
    }

    /// True for the blanks that separate words: a space or a tab.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    /// `control` or `invisible` for a character that cannot stand in a command, nil for a printable one.
    static func unprintable(_ scalar: Unicode.Scalar) -> UnprintableKind? {
        if scalar.value < 0x20 || scalar.value == 0x7F { return .control }
        guard scalar.value >= 0x80 else { return nil }
        switch scalar.properties.generalCategory {
        case .control: return .control
        case .format, .lineSeparator, .paragraphSeparator: return .invisible
        default: return nil
        }
    }
}
