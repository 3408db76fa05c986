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
            if !blank && (scalar.value < 0x20 || scalar.value == 0x7F) {
                let code = String(scalar.value, radix: 16, uppercase: true)
                throw ScriptError("control character U+\(String(repeating: "0", count: 4 - code.count))\(code) at column \(column)")
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
}
