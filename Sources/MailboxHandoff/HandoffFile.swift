/// One file of an export: the name it is written as (no folder) and its text.
public struct HandoffFile: Equatable, Sendable {
    /// `MailboxInteraction+Types.swift`, `mailbox-interaction.curves.mjs`, `mailbox-interaction.css`.
    public let name: String
    /// The file, each line ending in a newline.
    public let text: String

    public init(name: String, text: String) {
        self.name = name
        self.text = text
    }

    /// How many lines the file has (its last line ends in a newline).
    public var lineCount: Int { text.utf8.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 } }
}
