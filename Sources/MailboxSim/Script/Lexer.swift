/// One word of a command line, with the column it starts at (1-based).
public struct Token: Equatable, Sendable {
    public let text: Substring
    public let column: Int
}

/// Splits a line into tokens: blanks separate words; a line whose first word starts with `#`, or a lone `#`
/// later in the line, starts a comment; `#B2B2B2` is a value, not a comment.
public enum Lexer {
    public static func tokens(_ line: Substring) throws(ScriptError) -> [Token] {
        var tokens: [Token] = []
        var column = 0
        var start: Substring.Index?
        var startColumn = 0
        for index in line.unicodeScalars.indices {
            let scalar = line.unicodeScalars[index]
            column += 1
            let blank = scalar == " " || scalar == "\t"
            if !blank, let kind = unprintable(scalar) {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw ScriptError("\(kind) character U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code) at column \(column)")
            }
            if blank {
                if let s = start {
                    tokens.append(Token(text: line[s..<index], column: startColumn))
                    start = nil
                }
            } else if start == nil {
                start = index
                startColumn = column
            }
        }
        if let s = start { tokens.append(Token(text: line[s...], column: startColumn)) }
        if let first = tokens.first, first.text.hasPrefix("#") { return [] }
        if let comment = tokens.firstIndex(where: { $0.text == "#" }) { tokens.removeSubrange(comment...) }
        return tokens
    }

    /// `control` or `invisible` for a character that cannot stand in a command, nil for a printable one.
    private static func unprintable(_ scalar: Unicode.Scalar) -> String? {
        if scalar.value < 0x20 || scalar.value == 0x7F { return "control" }
        guard scalar.value >= 0x80 else { return nil }
        switch scalar.properties.generalCategory {
        case .control: return "control"
        case .format, .lineSeparator, .paragraphSeparator: return "invisible"
        default: return nil
        }
    }
}
