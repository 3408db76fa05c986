import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// Keys: shortcuts (shake, reset, pause), and typing into the compose sheet as one `type` line amended key by key.
extension PlaygroundSession {
    mutating func key(_ key: String, ctrl: Bool) throws(Refusal) -> [ServerMessage] {
        if ctrl {
            guard key.lowercased() == "z" else { return [] }
            startWindow()
            return reports(try run(.shake))
        }
        if phones[0].screen.compose.focus != nil, phones[0].screen.composePhase != .hidden {
            guard key.count == 1 else {
                if key == "Backspace" || key == "Delete" {
                    throw Refusal(
                        message: "error: the script language cannot take typed text back (type only adds)", line: nil)
                }
                return []  // Shift, arrows…: nothing to type
            }
            try type(key)
            return []
        }
        switch key {
        case "s":
            startWindow()
            return reports(try run(.shake))
        case "r":
            startWindow()
            try run(.reset(messages: nil))
        case " ": paused.toggle()
        default: break
        }
        return []
    }

    /// Types one key: the `type` line being amended grows, or a new one starts. A space waits for the next
    /// character (a line's end drops it); a key the line could not read back as typed is refused.
    mutating func type(_ key: String) throws(Refusal) {
        if key == " " {
            pendingSpaces += " "
            return
        }
        let current: Amend? = if let amend, case .type = amend.kind { amend } else { nil }
        var typed = ""
        if let current, case .type(let text) = current.kind { typed = text }
        let text = typed + pendingSpaces + key
        let command = Command.type(text)
        guard Command.typesBare(text) else {
            pendingSpaces = ""
            throw Refusal(
                message:
                    "error: \(JSON.quote(key)) cannot be typed here: the line 'type \(text)' would not read back "
                    + "as typed (a '#' after a space starts a comment)",
                line: "type " + text)
        }
        pendingSpaces = ""
        if let current {
            try amendLine(current, kind: .type(text), command: command)
        } else {
            let checkpoint = phones
            try run(command)
            amend = Amend(kind: .type(text), checkpoint: checkpoint, index: script.count - 1)
        }
    }
}
