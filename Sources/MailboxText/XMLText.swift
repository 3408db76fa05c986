/// Text made safe inside an XML (or HTML) element or a double-quoted attribute: `&`, `<`, `>` and `"` as
/// entities; characters XML 1.0 cannot hold (controls but tab, LF and CR; U+FFFE, U+FFFF) as U+FFFD. In an
/// attribute, tab, LF and CR are written as character references, so a parser does not turn them to blanks.
/// The one escaper for SVG, the HTML player and report, and JUnit XML.
public func xmlEscaped(_ text: String, attribute: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "\t", "\n", "\r":
            if attribute { out += "&#\(scalar.value);" } else { out.unicodeScalars.append(scalar) }
        default:
            out.unicodeScalars.append(
                scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                    ? "\u{FFFD}" : scalar)
        }
    }
    return out
}
