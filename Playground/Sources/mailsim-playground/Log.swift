import Foundation

/// One line on standard error: the server's own messages (warnings, errors, a session opening or closing).
enum Log {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// The words of an error from MailboxPlayground: its `message` when it has one.
enum ErrorText {
    static func of(_ error: any Error) -> String {
        for child in Mirror(reflecting: error).children where child.label == "message" {
            if let message = child.value as? String { return message }
        }
        return String(describing: error)
    }
}
