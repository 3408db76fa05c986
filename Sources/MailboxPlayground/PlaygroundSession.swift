import MailboxAnimation
import MailboxJSON
import MailboxScript
import MailboxSim
import MailboxText

/// One page's playground: one phone (or two, compared), each a `Session`, and the script they ran. It turns the
/// page's messages into commands, runs them as values and keeps each one's printed line (docs/playground.md), and
/// answers each message with JSON texts to send back. Its jobs are in the files beside this one: the pointer
/// (`+Pointer`), the clock (`+Clock`), keys (`+Keys`), running commands and lines (`+Lines`), the answers
/// (`+Answers`) and the last gesture's history (`+History`).
public struct PlaygroundSession: Sendable {
    /// Phone A, and phone B in a comparison. Any change forgets the screens taken of them.
    public internal(set) var phones: [Session] { didSet { screens.forget() } }
    /// Each phone's screen now, taken once while the phones do not change (one snapshot per phone per message).
    var screens = PhoneScreens()
    /// Every line kept, and whose it is.
    public internal(set) var script: PlaygroundScript
    /// Whether the message being run is out of time (its deadline): polled by every long command. `receive` holds
    /// the caller's for the one message it runs, so no method passes it on.
    var isCancelled: @Sendable () -> Bool = { false }
    /// The page's clock (ms) at the session's clock now; nil before the first stamped message.
    var pageClock: Double?
    var speed = 1.0
    var paused = false
    /// The last line while it is being amended (`advance` as ticks come, `type` as keys come).
    var amend: Amend?
    /// The pointer's drag, from down to up.
    var drag: Drag?
    /// A button pressed at down, tapped at up.
    var click: (command: Command, phone: Int?)?
    /// Spaces typed at the end of a field, held until a character follows (a line's end drops them).
    var pendingSpaces = ""
    /// The last gesture, whose property plots `history` draws.
    var window: HistoryWindow?
    /// A gesture began and its `history` is not sent yet: it is when nothing animates and no finger is down.
    var historyDue = false
    /// Each phone's last screen, from which the next is written (`PhoneView.Render`).
    var renders: [PhoneView.Render] = []
    /// The program and version an `export`'s first comment names (the server sets `mailsim VERSION`, so that the
    /// text is what `mailsim export` prints for the same settings); kept across a `load`.
    public var exportGenerator = "mailsim"
    /// Whether each screen carries every phone's whole `state --json` object (the page's `watch`: tests and the
    /// curious; the page itself reads two of its fields, sent always); kept across a `load`.
    public var watchesState = false

    /// A refusal: what to say, and the line refused.
    struct Refusal: Error {
        var message: String
        var line: String?

        /// The message's time ran out while `line` ran.
        static func interrupted(_ line: String?) -> Refusal {
            Refusal(
                message:
                    "error: the line took longer than \(formatNumber(PlaygroundLimits.workSeconds)) s "
                    + "and was interrupted",
                line: line)
        }
    }

    public init(start: PlaygroundStart) {
        phones = [start.session]
        script = PlaygroundScript()
        for line in start.lines { script.append(line) }
    }

    /// How many screen snapshots the session has taken (a message takes at most one per phone).
    public var snapshotsTaken: Int { screens.taken }

    /// What the page gets first: `hello`, the screen and the whole script.
    public mutating func opening() -> [String] {
        var out = [PlaygroundHello.message().text, screenMessage().text]
        _ = script.takeChange()
        out.append(
            ServerMessage.script(
                from: 0, lines: script.entries.map { PlaygroundScript.line($0, for: .a) },
                phones: script.entries.map({ $0.owner.rawValue })
            ).text)
        return out
    }

    /// Runs one message from the page; the JSON texts to send back. A refused message changes nothing and is
    /// answered with `error`; `isCancelled` interrupts long work (then the message is refused).
    public mutating func receive(_ text: String, isCancelled: @escaping @Sendable () -> Bool) -> [String] {
        switch ClientMessage.decode(text) {
        case .failure(let error): return [ServerMessage.error(message: error.message, line: nil).text]
        case .success(let message): return receive(message, isCancelled: isCancelled).map({ $0.text })
        }
    }

    /// Runs one decoded message; the messages to send back. `isCancelled` is the session's for this message only.
    public mutating func receive(_ message: ClientMessage, isCancelled: @escaping @Sendable () -> Bool)
        -> [ServerMessage]
    {
        self.isCancelled = isCancelled
        defer { self.isCancelled = { false } }
        // What a refusal restores: the session as it was, but for the script, which undoes its own changes (a
        // copy of every line would be made again by each message that amends one).
        var saved = self
        saved.script = PlaygroundScript()
        script.beginUndo()
        var extra: [ServerMessage] = []
        do throws(Refusal) {
            extra = try handle(message)
        } catch {
            rollBack(to: saved)
            return PlaygroundSession.answering(message, [.error(message: error.message, line: error.line)])
        }
        if script.count > PlaygroundLimits.sessionLines || script.bytes > PlaygroundLimits.sessionBytes {
            rollBack(to: saved)
            let bound =
                script.count > PlaygroundLimits.sessionLines
                ? "\(PlaygroundLimits.sessionLines) lines" : "\(PlaygroundLimits.sessionBytes >> 20) MiB"
            return PlaygroundSession.answering(
                message, [.error(message: "error: the session is full (\(bound)): download it and reset", line: nil)])
        }
        script.commit()
        // The gesture's history is due once it has settled (not per pointer move: a finger down defers it). The
        // screen says so, and the page asks for it when it is idle: its replay and plots are not drawn in the answer
        // to the tick or the release that settled it, which must fit in a frame.
        var settled = false
        if historyDue, phones.allSatisfy({ $0.screen.gesture == nil && !$0.screen.isAnimating }) {
            historyDue = false
            settled = message != .history
        }
        var out = [screenMessage(patching: message.answersWithPatch, historyDue: settled)]
        if let change = script.takeChange() { out.append(change) }
        out += extra
        return PlaygroundSession.answering(message, out)
    }

    /// The session as it was before the message (`saved`, without its script), and its script's changes undone.
    private mutating func rollBack(to saved: PlaygroundSession) {
        var kept = PlaygroundScript()
        swap(&kept, &script)
        kept.rollBack()
        self = saved
        script = kept
    }

    /// Which message does which job: each case is one of the session's jobs, in the files beside this one.
    private mutating func handle(_ message: ClientMessage) throws(Refusal) -> [ServerMessage] {
        if drag?.checkpoint != nil {
            switch message {
            case .move, .up, .down, .tick, .speed, .plot, .history, .export, .watch, .screen: break
            default: throw Refusal(message: "error: a finger is down: lift it first", line: nil)
            }
        }
        switch message {
        case let .down(x, y, t, phone): try down(x: x, y: y, t: t, phone: phone)
        case let .move(x, _, t, _): try move(x: x, t: t)
        case let .up(x, _, t, _): try up(x: x, t: t)
        case .tick(let t): try sync(t)
        case let .key(key, ctrl): return try self.key(key, ctrl: ctrl)
        case .shake:
            startWindow()
            return reports(try run(.shake))
        case .reset(let n):
            startWindow()
            try run(.reset(messages: n))
        case let .set(name, value, phone): try set(name: name, value: value, on: phone)
        case .speed(let v): speed = v
        case .watch(let state): watchesState = state
        case .screen: break  // answered, as every message is, with the screen: whole
        case let .line(text, _): return try line(text)
        case .load(let text): try load(text)
        case .pin:
            amend = nil
            for line in phones[0].pinnedExpectations() { script.append(line, owner: phones.count > 1 ? .a : .both) }
        case let .compare(on, profile): try compare(on: on, profile: profile)
        case .plot(let words): return [try CurvePlot.message(words)]
        case let .export(format, phone): return [try export(format, phone: phone)]
        case .history:
            guard let history = historyMessage() else {
                throw Refusal(
                    message:
                        "error: the history took longer than \(formatNumber(PlaygroundLimits.workSeconds)) s "
                        + "to draw and was interrupted",
                    line: nil)
            }
            return [history]
        }
        return []
    }

    /// Replaces the session by one that ran `text`; the page replaces its whole script.
    mutating func load(_ text: String) throws(Refusal) {
        switch PlaygroundStart.script(text, name: "load", isCancelled: isCancelled) {
        case .failure(let error): throw Refusal(message: error.message, line: nil)
        case .success(let start):
            let (generator, watches, isCancelled) = (exportGenerator, watchesState, self.isCancelled)
            // The script is the one the message began with, its lines replaced: a refusal still undoes them.
            var kept = PlaygroundScript()
            swap(&kept, &script)
            self = PlaygroundSession(start: start)
            (exportGenerator, watchesState, self.isCancelled) = (generator, watches, isCancelled)
            kept.replace(from: 0, with: script.entries)
            script = kept
        }
    }
}
