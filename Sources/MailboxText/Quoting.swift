/// A token as a person should see it in an error: quoted, control characters and invisible ones escaped
/// (a no-break space prints as `\u{A0}`), long ones cut.
public func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "…"
            break
        }
        if isInvisible(scalar) {
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return "'" + out + "'"
}

/// Characters an error must not print as they are: controls, format characters (zero-width, byte order mark,
/// direction overrides), line and paragraph separators, and every space but the plain one.
public func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    case .spaceSeparator: return scalar != " "
    default: return false
    }
}

extension String {
    /// Without leading and trailing blanks (spaces and tabs): how a line is kept in history and transcripts.
    public var trimmingBlanks: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
