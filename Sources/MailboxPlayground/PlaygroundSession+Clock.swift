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
    /// clock follows by the elapsed time times the speed, as one amended `advance` line in whole milliseconds.
    mutating func sync(_ t: Double) throws(Refusal) {
        guard let last = pageClock, t > last, !paused, drag?.checkpoint == nil,
            phones.contains(where: { $0.screen.isAnimating })
        else {
            pageClock = max(pageClock ?? t, t)
            return
        }
        let micro = clampedInt64(((t - last) * speed * 1000).rounded())
        // Under half a millisecond with no `advance` line to add it to would be `advance 0`: the page's clock stays
        // where it was, so the next tick carries this time too.
        let amending = if case .advance? = amend?.kind { true } else { false }
        guard micro >= 500 || amending else { return }
        pageClock = t
        try advance(nanoseconds: micro * 1000)
    }

    /// Adds `nanoseconds` to the amended `advance` line, or starts one. The line's total is kept exact and written
    /// (and run) to the nearest whole millisecond (`LineRounding`), so ticks of 16.666… ms do not drift.
    mutating func advance(nanoseconds: Int64) throws(Refusal) {
        if let current = amend, case .advance(let total) = current.kind,
            Double(total + nanoseconds) / 1e9 <= ScriptLimits.maxAdvanceSeconds
        {
            let ms = LineRounding.milliseconds(nanoseconds: total + nanoseconds)
            guard ms != LineRounding.milliseconds(nanoseconds: total) else {
                amend = Amend(kind: .advance(total + nanoseconds), checkpoint: current.checkpoint, index: current.index)
                return
            }
            try amendLine(current, kind: .advance(total + nanoseconds), command: .advance(.milliseconds(ms)))
        } else {
            let checkpoint = phones
            try run(.advance(.milliseconds(LineRounding.milliseconds(nanoseconds: nanoseconds))))
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
