/// The one rule for writing a value into a script so that it reads back exactly (SPEC §7.11, "Quoted values"):
/// a plain word is written bare; anything else in double quotes, with `\"`, `\\`, `\t`, `\n`, `\r` and
/// `\u{HEX}` for every other control or invisible character. `word` writes, `unquote` reads.
public enum ValueQuoting {
    /// What is wrong with a quoted word, and at which of its characters (Unicode scalars, 0 = the opening quote).
    public struct Problem: Error, Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// No closing `"` before the end of the line.
            case unterminated
            /// A backslash followed by something that is not an escape (`\q`, `\u{110000}`).
            case unknownEscape(String)
            /// Something glued to the closing quote (`"a"b`).
            case textAfterClosingQuote
        }
        public let kind: Kind
        public let offset: Int

        public init(_ kind: Kind, offset: Int) {
            self.kind = kind
            self.offset = offset
        }
    }

    /// `text` as a script writes it: bare when it is one plain word, quoted otherwise.
    public static func word(_ text: some StringProtocol) -> String {
        needsQuotes(text) ? quote(text) : String(text)
    }

    /// True when `text` does not read back as itself written bare: it is empty, holds a blank, a control or
    /// invisible character, or starts with `"` (a quoted word) or `#` (a comment).
    public static func needsQuotes(_ text: some StringProtocol) -> Bool {
        guard let first = text.unicodeScalars.first else { return true }
        if first == "\"" || first == "#" { return true }
        return text.unicodeScalars.contains { $0 == " " || isInvisible($0) }
    }

    /// `text` in double quotes, escaped.
    public static func quote(_ text: some StringProtocol) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default:
                if isInvisible(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The text a quoted word stands for: `word` starts with `"` and ends at its closing quote (the lexer cuts
    /// it so); a problem otherwise.
    public static func unquote(_ word: some StringProtocol) -> Result<String, Problem> {
        var scalars = word.unicodeScalars.makeIterator()
        guard scalars.next() == "\"" else { return .failure(Problem(.unterminated, offset: 0)) }
        var out = String.UnicodeScalarView()
        var offset = 0
        while let scalar = scalars.next() {
            offset += 1
            switch scalar {
            case "\"":
                return scalars.next() == nil
                    ? .success(String(out)) : .failure(Problem(.textAfterClosingQuote, offset: offset + 1))
            case "\\":
                let start = offset
                offset += 1
                switch scalars.next() {
                case "\""?: out.append("\"")
                case "\\"?: out.append("\\")
                case "t"?: out.append("\t")
                case "n"?: out.append("\n")
                case "r"?: out.append("\r")
                case "u"?:
                    var written = "\\u"
                    var hex = ""
                    var closed = false
                    if let brace = scalars.next() {
                        offset += 1
                        written.unicodeScalars.append(brace)
                        if brace == "{" {
                            while let digit = scalars.next() {
                                offset += 1
                                written.unicodeScalars.append(digit)
                                if digit == "}" {
                                    closed = true
                                    break
                                }
                                hex.unicodeScalars.append(digit)
                                if hex.count > 6 { break }
                            }
                        }
                    }
                    guard closed, !hex.isEmpty, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value)
                    else {
                        return .failure(Problem(.unknownEscape(written), offset: start))
                    }
                    out.append(decoded)
                case let other?:
                    return .failure(Problem(.unknownEscape("\\" + String(other)), offset: start))
                case nil:
                    return .failure(Problem(.unterminated, offset: 0))
                }
            default:
                out.append(scalar)
            }
        }
        return .failure(Problem(.unterminated, offset: 0))
    }
}
