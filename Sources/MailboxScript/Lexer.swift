import MailboxText

/// One word of a command line, with the column it starts at (1-based).
public struct Token: Equatable, Sendable {
    public let text: Substring
    public let column: Int
}

/// Splits a line into tokens: blanks separate words; a line whose first word starts with `#`, or a lone `#`
/// later in the line, starts a comment; `#B2B2B2` is a value, not a comment. A word that starts with `"` runs
/// to its closing quote, blanks included (`"hello world"`: `ScriptQuoting`), and keeps its quotes: the command
/// that takes a value unquotes it.
public enum Lexer {
    public static func tokens(_ line: Substring) throws(ScriptError) -> [Token] {
        let words = LineText.reading(line) { text in
            Result { () throws(ScriptError) in try self.words(text).map { Token(text: text.text($0), column: $0.column) } }
        }
        return try words.get()
    }

    /// The words of a line as byte ranges, in one pass over its bytes: blanks and controls are ASCII, so only
    /// the lead byte of a multi-byte character needs a closer look, and a column counts characters.
    static func words(_ text: LineText) throws(ScriptError) -> [LineText.Word] {
        var words: [LineText.Word] = []
        let bytes = text.bytes
        let count = bytes.count
        var column = 0
        var offset = 0
        // Past a comment's `#`, a `"` is a character like any other.
        var inComment = false
        while offset < count {
            let byte = bytes[offset]
            if byte == 0x20 || byte == 0x09 {
                column += 1
                offset += 1
                continue
            }
            // A word: printable ASCII runs through the first test; the rest is checked character by character.
            let start = offset
            let startColumn = column + 1
            if words.isEmpty { words.reserveCapacity(6) }
            if byte == UInt8(ascii: "\"") && !inComment {
                try skipQuoted(text, &offset, &column)
                words.append(LineText.Word(start: start, end: offset, column: startColumn))
                continue
            }
            while offset < count {
                let byte = bytes[offset]
                if byte > 0x20 && byte < 0x7F {
                    column += 1
                } else if byte == 0x20 || byte == 0x09 {
                    break
                } else if byte < 0x80 {
                    column += 1
                    throw .unprintableCharacter(.control, Unicode.Scalar(byte), column: column)
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                    let scalar = text.scalar(at: offset)
                    if let kind = unprintable(scalar) { throw .unprintableCharacter(kind, scalar, column: column) }
                }
                offset += 1
            }
            let word = LineText.Word(start: start, end: offset, column: startColumn)
            words.append(word)
            if !inComment && (text.spells(word, "#") || (words.count == 1 && startsWithHash(word, text))) { inComment = true }
        }
        if let first = words.first, startsWithHash(first, text) { return [] }
        if let comment = words.firstIndex(where: { text.spells($0, "#") }) { words.removeSubrange(comment...) }
        return words
    }

    /// Moves `offset` past the quoted word starting there (its closing quote included), checking its characters
    /// as a word's, its escapes (`ScriptQuoting.unquote`), and that a blank or the line's end follows it.
    private static func skipQuoted(_ text: LineText, _ offset: inout Int, _ column: inout Int) throws(ScriptError) {
        let bytes = text.bytes, count = bytes.count, start = offset, startColumn = column + 1
        var escaped = false
        offset += 1
        column += 1
        while offset < count {
            let byte = bytes[offset]
            if byte & 0xC0 != 0x80 { column += 1 }
            if byte < 0x80 {
                if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
                    throw .unprintableCharacter(.control, Unicode.Scalar(byte), column: column)
                }
            } else if byte & 0xC0 != 0x80 {
                let scalar = text.scalar(at: offset)
                if let kind = unprintable(scalar) { throw .unprintableCharacter(kind, scalar, column: column) }
            }
            offset += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                if offset < count && bytes[offset] != 0x20 && bytes[offset] != 0x09 {
                    throw .badQuote(.textAfterClosingQuote, column: column + 1)
                }
                if case .failure(let problem) = ScriptQuoting.unquote(text.text(from: start, to: offset)) {
                    throw .badQuote(problem.kind, column: startColumn + problem.offset)
                }
                return
            }
        }
        throw .badQuote(.unterminated, column: startColumn)
    }

    /// `text.hasPrefix("#")`, read from the bytes when the character after `#` is ASCII (then `#` is a
    /// character of its own); a combining mark after it makes another character, so that case asks Swift.
    private static func startsWithHash(_ word: LineText.Word, _ text: LineText) -> Bool {
        guard text.first(word) == UInt8(ascii: "#") else { return false }
        if word.end - word.start == 1 || text.bytes[word.start + 1] < 0x80 { return true }
        return text.text(word).hasPrefix("#")
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
