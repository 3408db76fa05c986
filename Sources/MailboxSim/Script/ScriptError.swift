/// A command the script language or the screen refused, with a message a person can act on.
public struct ScriptError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: MailboxError) { self.init(error.message) }
}

/// A token as a person should see it in an error: quoted, control characters escaped, long ones cut.
func quoted(_ text: some StringProtocol, limit: Int = 40) -> String {
    var out = ""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit { out += "…"; break }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
            out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return "'" + out + "'"
}
