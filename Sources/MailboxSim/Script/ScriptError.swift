/// A command the script language or the screen refused, with a message a person can act on.
public struct ScriptError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: MailboxError) { self.init(error.message) }
}

/// A token as a person should see it in an error: quoted, control characters and invisible ones escaped
/// (a no-break space prints as `\u{A0}`), long ones cut.
func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit { out += "…"; break }
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
func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: return true
    case .spaceSeparator: return scalar != " "
    default: return false
    }
}
