import MailboxAnimation
import MailboxSim
import MailboxText

/// A command the script language or the screen refused, with a message a person can act on.
public struct ScriptError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: MailboxError) { self.init(error.message) }
}
