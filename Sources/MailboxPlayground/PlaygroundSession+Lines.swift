import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// Running commands and lines: a command on every phone (or one), its line kept as `save` would keep it; a line
/// typed at the prompt; a comparison's second phone.
extension PlaygroundSession {
    /// A line the page sent, as its command (nil for a blank line or a comment); refused when it does not read.
    static func read(_ text: String) throws(Refusal) -> Command? {
        do { return try Parser.parse(text[...]) } catch {
            throw Refusal(message: "error: " + error.message, line: text)
        }
    }

    /// Runs `command` on every phone (or one) and keeps its line as `save` would: `typed` when the page sent the
    /// line, else the command's printed line (`Command.scriptLine`); refused when every phone refuses it.
    @discardableResult
    mutating func run(_ command: Command, typed: String? = nil, on phone: Int? = nil) throws(Refusal)
        -> Session.Outcome
    {
        amend = nil
        pendingSpaces = ""
        let text = typed ?? command.scriptLine
        if let word = PlaygroundLines.touchesFiles(command) {
            throw Refusal(message: "error: " + PlaygroundLines.refusal(word), line: text)
        }
        let (outcome, owner) = try execute(command, text: text, on: targets(phone))
        if let replay = outcome.replay {
            switch replay {
            case .asTyped: script.append(text, command: command, owner: owner)
            case .command(let line):
                // A `!` line whose command succeeded: kept as that command alone.
                let inner: Command? = if case .mustFail(let inner, _) = command { inner } else { nil }
                script.append(line, command: inner, owner: owner)
            }
        }
        return outcome
    }

    func targets(_ phone: Int?) -> [Int] {
        if let phone, phone < phones.count { return [phone] }
        return Array(phones.indices)
    }

    /// Runs one command (whose line is `text`) on the phones given; the first accepting phone's outcome and whose
    /// the line is.
    mutating func execute(_ command: Command, text: String, on targets: [Int]) throws(Refusal)
        -> (Session.Outcome, PlaygroundScript.Owner)
    {
        var first: Session.Outcome?
        var accepted: [Int] = []
        var firstError: ScriptError?
        for i in targets {
            do {
                let outcome = try phones[i].execute(.command(command), isCancelled: isCancelled)
                if first == nil { first = outcome }
                accepted.append(i)
            } catch {
                if case .model(.interrupted) = error { throw .interrupted(text) }
                if firstError == nil { firstError = error }
            }
        }
        guard let outcome = first else {
            throw Refusal(message: "error: " + (firstError?.message ?? "refused"), line: text)
        }
        return (outcome, owner(accepted))
    }

    func owner(_ accepted: [Int]) -> PlaygroundScript.Owner {
        guard phones.count > 1 else { return .both }
        return accepted.count == 2 ? .both : accepted == [0] ? .a : .b
    }

    /// A line typed at the prompt: run, kept as typed, and what it printed as `report` (or its failure).
    mutating func line(_ text: String) throws(Refusal) -> [ServerMessage] {
        if RecordRequest.isRecordLine(text) {
            // Not a line of the script: the page records the walkthrough it asks for (of the script so far).
            switch RecordRequest.parse(text, lines: script.count) {
            case .success(let request): return [.record(request)]
            case .failure(let error): throw Refusal(message: "error: " + error.message, line: text)
            }
        }
        guard let command = try PlaygroundSession.read(text) else {
            amend = nil
            pendingSpaces = ""
            return []
        }
        if PlaygroundSession.startsGesture(command) { startWindow() }
        let outcome = try run(command, typed: text)
        if let failure = outcome.failure { return [.error(message: failure.message, line: text)] }
        return reports(outcome)
    }

    /// What a line printed, as `report` (a sentence such as "Nothing to undo.", a looking line's text).
    func reports(_ outcome: Session.Outcome) -> [ServerMessage] {
        guard let report = outcome.report else { return [] }
        if case .picture = report { return [] }
        return [.report(text: TextRenderer.lines(report).joined(separator: "\n"))]
    }

    /// Whether a typed line begins a gesture of its own for `history` (a `set`, an `advance`, typing or a check
    /// belong to the gesture they follow).
    static func startsGesture(_ command: Command) -> Bool {
        command.traits.contains(.beginsInteraction)
    }

    /// Two phones (phone B a copy of A, then given `profile`) or one.
    mutating func compare(on: Bool, profile: String?) throws(Refusal) {
        amend = nil
        if on {
            if phones.count == 1 { phones.append(phones[0]) }
            if let profile { try set(name: "profile", value: profile, on: 1) }
        } else if phones.count > 1 {
            phones.removeLast()
        }
    }

    /// `set NAME VALUE` from the page's fields: the change built from them as a value (`TunableTable.change`), not
    /// a line composed and read again, and kept as the line `set NAME VALUE`, which reads back to the same change.
    mutating func set(name: String, value: String, on phone: Int?) throws(Refusal) {
        let text = "set \(name) \(value)"
        let words = value.split(whereSeparator: { $0.isWhitespace })
        // What the line's reader would take otherwise: a lone `#` starts a comment, a `"` a quoted word.
        guard !words.contains(where: { $0 == "#" || $0.hasPrefix("\"") }) else {
            throw Refusal(message: "error: set: a value has no lone '#' and no '\"'", line: text)
        }
        let change: SettingChange
        do { change = try TunableTable.change(name: name[...], words: words) } catch {
            throw Refusal(message: "error: " + error.message, line: text)
        }
        try run(.set(change), typed: text, on: phone)
    }
}
