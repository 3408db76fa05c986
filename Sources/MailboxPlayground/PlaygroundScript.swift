import MailboxScript

/// A session's script: every line it kept, each with the phone(s) it ran on. Phone A's file has A's lines plain
/// and B's own as `#B: LINE`; phone B's the other way round (docs/playground.md, A comparison).
public struct PlaygroundScript: Equatable, Sendable {
    /// Whose a line is.
    public enum Owner: String, Equatable, Sendable {
        case both
        case a = "0"
        case b = "1"
    }

    /// One kept line, and the command it stands for when the session built or read it (a history replays that
    /// value rather than reading the text again); nil for a line kept only as text (a loaded script's, a pin's).
    public struct Entry: Equatable, Sendable {
        public var text: String
        public var owner: Owner
        public var command: Command?

        init(text: String, owner: Owner, command: Command? = nil) {
            self.text = text
            self.owner = owner
            self.command = command
        }

        /// The entry of a command the session built: its printed line, and the command.
        static func of(_ command: Command, owner: Owner) -> Entry {
            Entry(text: command.scriptLine, owner: owner, command: command)
        }
    }

    public private(set) var entries: [Entry] = []
    /// The lines' text in bytes of UTF-8, kept as lines come and go (the session's bound,
    /// `PlaygroundLimits.sessionBytes`, is checked after every message).
    public private(set) var bytes = 0
    /// The first line changed since `takeChange()` (nil: none).
    private(set) var changedFrom: Int?
    /// While a message runs (`beginUndo`): what it changed, so that a refused one is undone line for line. The
    /// session's rollback copy leaves the script out: a copy of every line, made again by each message that amends
    /// one, made every step cost more as the session grew (13 times as much after 20,000 lines).
    private var undo: Undo?

    /// The lines a message replaced, and what the script was before it.
    private struct Undo: Equatable, Sendable {
        /// The lines before it are as they were; from it on, the lines were `original`.
        var from: Int
        var original: [Entry] = []
        var bytes: Int
        var changedFrom: Int?
    }

    public init() {}

    public var count: Int { entries.count }

    /// From now on, what changes can be undone (`rollBack`) until `commit`.
    mutating func beginUndo() { undo = Undo(from: entries.count, bytes: bytes, changedFrom: changedFrom) }

    /// The changes since `beginUndo` kept.
    mutating func commit() { undo = nil }

    /// The changes since `beginUndo` undone: the script is what it was then.
    mutating func rollBack() {
        guard let undo else { return }
        entries.replaceSubrange(undo.from..., with: undo.original)
        (bytes, changedFrom, self.undo) = (undo.bytes, undo.changedFrom, nil)
    }

    /// The lines from `index` are about to change: those not changed yet since `beginUndo` kept to undo it.
    private mutating func keepOriginals(from index: Int) {
        guard let from = undo?.from, index < from else { return }
        undo!.original.insert(contentsOf: entries[index..<from], at: 0)
        undo!.from = index
    }

    mutating func append(_ text: String, command: Command? = nil, owner: Owner = .both) {
        keepOriginals(from: entries.count)
        mark(entries.count)
        bytes += text.utf8.count
        entries.append(Entry(text: text, owner: owner, command: command))
    }

    /// Replaces the lines from `index` on.
    mutating func replace(from index: Int, with new: [Entry]) {
        keepOriginals(from: index)
        mark(index)
        bytes -= entries[index...].reduce(0) { $0 + $1.text.utf8.count }
        bytes += new.reduce(0) { $0 + $1.text.utf8.count }
        entries.replaceSubrange(index..., with: new)
    }

    mutating func removeAll() { replace(from: 0, with: []) }

    private mutating func mark(_ index: Int) { changedFrom = min(changedFrom ?? index, index) }

    /// The change since the last call, as `script` sends it: from which line, the lines as phone A's file writes
    /// them, and whose each is.
    mutating func takeChange() -> ServerMessage? {
        guard let from = changedFrom else { return nil }
        changedFrom = nil
        let tail = entries[min(from, entries.count)...]
        return .script(
            from: from, lines: tail.map { PlaygroundScript.line($0, for: .a) }, phones: tail.map({ $0.owner.rawValue }))
    }

    /// A line as the file of `phone` (`.a` or `.b`) writes it.
    static func line(_ entry: Entry, for phone: Owner) -> String {
        switch (entry.owner, phone) {
        case (.both, _), (.a, .a), (.b, .b): entry.text
        case (.b, _): "#B: " + entry.text
        case (.a, _): "#A: " + entry.text
        }
    }

    /// The script as phone A's file (`mailsim run` replays phone A), or phone B's.
    public func text(for phone: Owner = .a) -> String {
        entries.map { PlaygroundScript.line($0, for: phone) + "\n" }.joined()
    }
}
