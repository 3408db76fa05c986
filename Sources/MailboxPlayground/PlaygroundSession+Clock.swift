import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// The clock: the page's time stamps move the session's clock while something animates, as one `advance` line
/// amended as ticks come (or a `type` line as keys come: both are amended lines).
extension PlaygroundSession {
    /// The last line while it is being amended, the phones before it and its place in the script.
    struct Amend: Sendable {
        enum Kind: Sendable {
            case advance(Int64)
            case type(String)
        }
        var kind: Kind
        let checkpoint: [Session]
        let index: Int
    }

    /// Moves the page's clock to `t`: while something animates (and slow motion is not paused), the session's
    /// clock follows by the elapsed time times the speed, as one amended `advance` line.
    mutating func sync(_ t: Double) throws(Refusal) {
        defer { pageClock = max(pageClock ?? t, t) }
        guard let last = pageClock, t > last, !paused, drag?.checkpoint == nil else { return }
        guard phones.contains(where: { $0.screen.isAnimating }) else { return }
        let micro = clampedInt64(((t - last) * speed * 1000).rounded())
        guard micro > 0 else { return }
        try advance(nanoseconds: micro * 1000)
    }

    mutating func advance(nanoseconds: Int64) throws(Refusal) {
        if let current = amend, case .advance(let total) = current.kind,
            Double(total + nanoseconds) / 1e9 <= ScriptLimits.maxAdvanceSeconds
        {
            try amendLine(
                current, kind: .advance(total + nanoseconds),
                command: .advance(Ticks(nanoseconds: total + nanoseconds)))
        } else {
            let checkpoint = phones
            try run(.advance(Ticks(nanoseconds: nanoseconds)))
            amend = Amend(kind: .advance(nanoseconds), checkpoint: checkpoint, index: script.count - 1)
        }
    }

    /// Runs the amended line's command from the state before it and puts its line in place of the old one.
    mutating func amendLine(_ current: Amend, kind: Amend.Kind, command: Command) throws(Refusal) {
        phones = current.checkpoint
        let (_, owner) = try execute(command, text: command.scriptLine, on: Array(phones.indices))
        script.replace(from: current.index, with: [.of(command, owner: owner)])
        amend = Amend(kind: kind, checkpoint: current.checkpoint, index: current.index)
    }
}
