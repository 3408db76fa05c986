/// A JSON value, built by the renderers that speak JSON (`state --json`, `mailsim test --format json`,
/// trace events, the HTML player's data) and written by `text`: one writer, so every JSON mailsim prints is
/// escaped and spelled the same way (RFC 8259). Objects keep their keys in the order given.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, written as the shortest decimal that reads back as the same double; NaN and infinities
    /// (which JSON cannot spell) are written as `null`.
    case number(Double)
    /// A whole number, written exactly (microsecond timestamps, counts).
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y || (x.isNaN && y.isNaN)
        case let (.integer(x), .integer(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// `.integer` for an Int.
    public static func int(_ value: Int) -> JSON { .integer(Int64(value)) }

    /// The compact text: no blanks between tokens, no line breaks (one value a line stays one line).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The compact text, safe inside an HTML `<script>` element (see `writeString`).
    public var htmlSafeText: String {
        var out = ""
        write(to: &out, htmlSafe: true)
        return out
    }

    /// Appends the compact text to `out`.
    public func write(to out: inout String, htmlSafe: Bool = false) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += v.isFinite ? formatExact(v) : "null"
        case .integer(let v): out += String(v)
        case .string(let s): JSON.writeString(s, to: &out, htmlSafe: htmlSafe)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out, htmlSafe: htmlSafe)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSON.writeString(member.0, to: &out, htmlSafe: htmlSafe)
                out += ":"
                member.1.write(to: &out, htmlSafe: htmlSafe)
            }
            out += "}"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped; with `htmlSafe`, `<`, U+2028 and
    /// U+2029 too, so the text is also safe inside an HTML `<script>` element and as a JavaScript literal.
    public static func writeString(_ text: String, to out: inout String, htmlSafe: Bool = false) {
        out += "\""
        // Runs of characters written as they are go in whole (an SVG of 10 KB is one or a few runs); the escapes
        // are those of the loop below.
        let utf8 = text.utf8
        var run = utf8.startIndex
        var i = run
        while i < utf8.endIndex {
            let byte = utf8[i]
            let plain = byte >= 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && !(htmlSafe && (byte == UInt8(ascii: "<") || byte == 0xE2))
            if plain {
                i = utf8.index(after: i)
                continue
            }
            out += Substring(utf8[run..<i])
            let scalarEnd = text.unicodeScalars.index(after: i)
            writeEscaped(text.unicodeScalars[i..<scalarEnd], to: &out, htmlSafe: htmlSafe)
            i = scalarEnd
            run = i
        }
        out += Substring(utf8[run..<utf8.endIndex])
        out += "\""
    }

    private static func writeEscaped(_ scalars: String.UnicodeScalarView.SubSequence, to out: inout String, htmlSafe: Bool) {
        for scalar in scalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where htmlSafe: out += "\\u003c"
            case "\u{2028}" where htmlSafe: out += "\\u2028"
            case "\u{2029}" where htmlSafe: out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }

    /// A string literal, as `writeString` writes it.
    public static func quote(_ text: String, htmlSafe: Bool = false) -> String {
        var out = ""
        writeString(text, to: &out, htmlSafe: htmlSafe)
        return out
    }
}
