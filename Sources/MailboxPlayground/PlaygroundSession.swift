import MailboxAnimation
import MailboxHandoff
import MailboxJSON
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText

/// One page's playground: one phone (or two, compared), each a `Session`, and the script they ran. It turns the
/// page's messages into commands, runs them as values and keeps each one's printed line (docs/playground.md), and
/// answers each message with JSON texts to send back.
public struct PlaygroundSession: Sendable {
    /// Phone A, and phone B in a comparison. Any change forgets the screens taken of them.
    public private(set) var phones: [Session] { didSet { screens.forget() } }
    /// Each phone's screen now, taken once while the phones do not change (one snapshot per phone per message).
    var screens = PhoneScreens()
    /// Every line kept, and whose it is.
    public private(set) var script: PlaygroundScript
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

    struct Amend: Sendable {
        enum Kind: Sendable {
            case advance(Int64)
            case type(String)
        }
        var kind: Kind
        let checkpoint: [Session]
        let index: Int
    }

    struct Drag: Sendable {
        /// What the finger drags: a row (`pan msgN`), the open menu's content (`pan content`), the edge (`edgepan`).
        let target: PanTarget
        let downX: Double
        var targets: [Int]
        var checkpoint: [Session]?
        var index: Int
        var path = PathSimplifier(maxPieceMs: Int64(ScriptLimits.maxPanSeconds * 1000))
        var lastMs: Int64 = 0
        /// The page's clock when the finger went down (sample times count from it, rounded to whole ms).
        var startT = 0.0
        var lastX: Double

        /// The sample to `translation` over `ms` milliseconds, as a command.
        func pan(_ translation: Double, ms: Int64) -> Command {
            target == .edge
                ? .edgePan(translation: translation, duration: .milliseconds(ms))
                : .pan(target, translation: translation, duration: .milliseconds(ms))
        }

        /// The drag's commands from piece `first` on: pans, and `advance` where the finger was held still.
        func pieces(from first: Int = 0) -> [Command] {
            path.pieces(from: first).map { $0.held ? .advance(.milliseconds($0.ms)) : pan($0.translation, ms: $0.ms) }
        }
    }

    /// Where the last gesture began: phone A before it, and the index of its first line in the script.
    struct HistoryWindow: Sendable {
        let start: Session
        let index: Int
    }

    /// A refusal: what to say, and the line refused.
    struct Refusal: Error {
        var message: String
        var line: String?
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

    /// The socket closed: a finger still down is lifted where it was.
    public mutating func pointerLost() -> [String] {
        guard let drag else {
            click = nil
            return []
        }
        return receive(.up(x: drag.lastX, y: 0, t: pageClock ?? 0, phone: nil), isCancelled: { false }).map({ $0.text })
    }

    /// Runs one decoded message; the messages to send back.
    public mutating func receive(_ message: ClientMessage, isCancelled: @escaping @Sendable () -> Bool)
        -> [ServerMessage]
    {
        let saved = self
        var extra: [ServerMessage] = []
        do throws(Refusal) {
            extra = try handle(message, isCancelled)
        } catch {
            self = saved
            return PlaygroundSession.answering(message, [.error(message: error.message, line: error.line)])
        }
        if script.count > PlaygroundLimits.sessionLines || script.bytes > PlaygroundLimits.sessionBytes {
            self = saved
            let bound =
                script.count > PlaygroundLimits.sessionLines
                ? "\(PlaygroundLimits.sessionLines) lines" : "\(PlaygroundLimits.sessionBytes >> 20) MiB"
            return PlaygroundSession.answering(
                message, [.error(message: "error: the session is full (\(bound)): download it and reset", line: nil)])
        }
        var out = [screenMessage()]
        if let change = script.takeChange() { out.append(change) }
        out += extra
        // The gesture's history once it has settled (not per pointer move: a finger down defers it).
        if historyDue, phones.allSatisfy({ $0.screen.gesture == nil && !$0.screen.isAnimating }) {
            historyDue = false
            // Not sent when its replay ran out of the message's time (the page keeps the last one).
            if message != .history, let history = historyMessage(isCancelled) { out.append(history) }
        }
        return PlaygroundSession.answering(message, out)
    }

    /// `out`, its report or error tagged with the `line` message's id when `message` is a line that has one.
    private static func answering(_ message: ClientMessage, _ out: [ServerMessage]) -> [ServerMessage] {
        guard case let .line(_, id?) = message else { return out }
        return out.map { $0.answering(id) }
    }

    // MARK: - Messages

    private mutating func handle(_ message: ClientMessage, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal)
        -> [ServerMessage]
    {
        if drag?.checkpoint != nil {
            switch message {
            case .move, .up, .down, .tick, .speed, .plot, .history, .export: break
            default: throw Refusal(message: "error: a finger is down: lift it first", line: nil)
            }
        }
        switch message {
        case let .down(x, y, t, phone): try down(x: x, y: y, t: t, phone: phone, cancelled)
        case let .move(x, _, t, _): try move(x: x, t: t, cancelled)
        case let .up(x, _, t, _): try up(x: x, t: t, cancelled)
        case .tick(let t): try tick(t, cancelled)
        case let .key(key, ctrl): return try self.key(key, ctrl: ctrl, cancelled)
        case .shake:
            startWindow()
            return reports(try run(.shake, cancelled))
        case .reset(let n):
            startWindow()
            try run(.reset(messages: n), cancelled)
        case let .set(name, value, phone): try run(typed: "set \(name) \(value)", on: phone, cancelled)
        case .speed(let v): speed = v
        case let .line(text, _): return try line(text, cancelled)
        case .load(let text):
            switch PlaygroundStart.script(text, name: "load", isCancelled: cancelled) {
            case .failure(let error): throw Refusal(message: error.message, line: nil)
            case .success(let start):
                let generator = exportGenerator
                self = PlaygroundSession(start: start)
                exportGenerator = generator
                // The page replaces its whole script.
                script.replace(from: 0, with: script.entries)
            }
        case .pin:
            amend = nil
            for line in phones[0].pinnedExpectations() { script.append(line, owner: phones.count > 1 ? .a : .both) }
        case let .compare(on, profile): try compare(on: on, profile: profile, cancelled)
        case .plot(let words): return [try CurvePlot.message(words)]
        case let .export(format, phone): return [try export(format, phone: phone)]
        case .history:
            guard let history = historyMessage(cancelled) else {
                throw Refusal(
                    message:
                        "error: the history took longer than \(formatNumber(PlaygroundLimits.workSeconds)) s to draw and was interrupted",
                    line: nil)
            }
            return [history]
        }
        return []
    }

    /// Runs a line the page sent as text (a typed line, a `set`): read once, run as its command, kept as typed.
    @discardableResult
    mutating func run(typed text: String, on phone: Int? = nil, _ cancelled: @escaping @Sendable () -> Bool)
        throws(Refusal) -> Session.Outcome
    {
        guard let command = try PlaygroundSession.read(text) else {
            amend = nil
            pendingSpaces = ""
            return Session.Outcome()  // a blank line or a comment: nothing runs, nothing is kept
        }
        return try run(command, typed: text, on: phone, cancelled)
    }

    /// A line the page sent, as its command (nil for a blank line or a comment); refused when it does not read.
    static func read(_ text: String) throws(Refusal) -> Command? {
        do { return try Parser.parse(text[...]) } catch {
            throw Refusal(message: "error: " + error.message, line: text)
        }
    }

    /// Runs `command` on every phone (or one) and keeps its line as `save` would: `typed` when the page sent the
    /// line, else the command's printed line (`Command.scriptLine`); refused when every phone refuses it.
    @discardableResult
    mutating func run(
        _ command: Command, typed: String? = nil, on phone: Int? = nil, _ cancelled: @escaping @Sendable () -> Bool
    ) throws(Refusal) -> Session.Outcome {
        amend = nil
        pendingSpaces = ""
        let text = typed ?? command.scriptLine
        if let word = PlaygroundLines.touchesFiles(command) {
            throw Refusal(message: "error: " + PlaygroundLines.refusal(word), line: text)
        }
        let (outcome, owner) = try execute(command, text: text, on: targets(phone), cancelled)
        if let replay = outcome.replay {
            switch replay {
            case .asTyped: script.append(text, owner: owner)
            case .command(let command): script.append(command, owner: owner)
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
    mutating func execute(
        _ command: Command, text: String, on targets: [Int], _ cancelled: @escaping @Sendable () -> Bool
    ) throws(Refusal) -> (Session.Outcome, PlaygroundScript.Owner) {
        var first: Session.Outcome?
        var accepted: [Int] = []
        var firstError: ScriptError?
        for i in targets {
            do {
                let outcome = try phones[i].execute(command, isCancelled: cancelled)
                if first == nil { first = outcome }
                accepted.append(i)
            } catch {
                if case .model(.interrupted) = error {
                    throw Refusal(
                        message:
                            "error: the line took longer than \(formatNumber(PlaygroundLimits.workSeconds)) s and was interrupted",
                        line: text)
                }
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

    mutating func line(_ text: String, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) -> [ServerMessage] {
        guard let command = try PlaygroundSession.read(text) else {
            amend = nil
            pendingSpaces = ""
            return []
        }
        if PlaygroundSession.startsGesture(command) { startWindow() }
        let outcome = try run(command, typed: text, cancelled)
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

    /// A gesture begins: the history window starts here, unless the last gesture has not settled yet (then it
    /// goes on, so grabbing a row mid-slide plots both), or that window already holds many lines.
    mutating func startWindow() {
        if let window, historyDue, script.count - window.index <= PlaygroundLimits.historyLines,
            window.index <= script.count
        {
        } else {
            window = HistoryWindow(start: phones[0], index: script.count)
        }
        historyDue = true
    }

    mutating func compare(on: Bool, profile: String?, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        amend = nil
        if on {
            if phones.count == 1 { phones.append(phones[0]) }
            if let profile { try run(typed: "set profile \(profile)", on: 1, cancelled) }
        } else if phones.count > 1 {
            phones.removeLast()
        }
    }

    /// The settings in force of phone A (or `phone`) as `format`: what `mailsim export FORMAT` prints for them.
    func export(_ format: ExportFormat, phone: Int?) throws(Refusal) -> ServerMessage {
        let index = phone ?? 0
        guard index < phones.count else {
            throw Refusal(message: "error: export: there is no phone B (compare first)", line: nil)
        }
        let text = HandoffExport.render(
            format, settings: phones[index].screen.settings, options: HandoffOptions(generator: exportGenerator))
        guard text.utf8.count <= PlaygroundLimits.handoffBytes else {
            throw Refusal(
                message:
                    "error: export: the \(format.rawValue) text is longer than \(PlaygroundLimits.handoffBytes / 1024) KiB",
                line: nil)
        }
        return .export(
            format: format.rawValue, fileName: format.fileName(), mediaType: format.mediaType, text: text)
    }

    // MARK: - Time

    /// Moves the page's clock to `t`: while something animates (and slow motion is not paused), the session's
    /// clock follows by the elapsed time times the speed, as one amended `advance` line.
    mutating func sync(_ t: Double, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        defer { pageClock = max(pageClock ?? t, t) }
        guard let last = pageClock, t > last, !paused, drag?.checkpoint == nil else { return }
        guard phones.contains(where: { $0.screen.isAnimating }) else { return }
        let micro = Int64(((t - last) * speed * 1000).rounded())
        guard micro > 0 else { return }
        try advance(nanoseconds: micro * 1000, cancelled)
    }

    mutating func tick(_ t: Double, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        try sync(t, cancelled)
    }

    mutating func advance(nanoseconds: Int64, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        if let current = amend, case .advance(let total) = current.kind,
            Double(total + nanoseconds) / 1e9 <= ScriptLimits.maxAdvanceSeconds
        {
            try amendLine(
                current, kind: .advance(total + nanoseconds),
                command: .advance(Ticks(nanoseconds: total + nanoseconds)), cancelled)
        } else {
            let checkpoint = phones
            try run(.advance(Ticks(nanoseconds: nanoseconds)), cancelled)
            amend = Amend(kind: .advance(nanoseconds), checkpoint: checkpoint, index: script.count - 1)
        }
    }

    /// Runs the amended line's command from the state before it and puts its line in place of the old one.
    mutating func amendLine(
        _ current: Amend, kind: Amend.Kind, command: Command, _ cancelled: @escaping @Sendable () -> Bool
    ) throws(Refusal) {
        phones = current.checkpoint
        let text = command.scriptLine
        let (_, owner) = try execute(command, text: text, on: Array(phones.indices), cancelled)
        script.replace(from: current.index, with: [.init(text: text, owner: owner)])
        amend = Amend(kind: kind, checkpoint: current.checkpoint, index: current.index)
    }

    // MARK: - The pointer

    mutating func down(x: Double, y: Double, t: Double, phone: Int?, _ cancelled: @escaping @Sendable () -> Bool)
        throws(Refusal)
    {
        try sync(t, cancelled)
        drag = nil
        click = nil
        let shown = screens.screen(of: phones, phone.map { min($0, phones.count - 1) } ?? 0)
        switch HitTest.hit(at: ScenePoint(x, y), on: shown) {
        case .row(let id)?:
            drag = Drag(target: .message(id), downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .edge?: drag = Drag(target: .edge, downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .content?: drag = Drag(target: .content, downX: x, targets: targets(phone), index: script.count, lastX: x)
        case .button(let target)?: click = (.tap(target), phone)
        case .option(let option)?: click = (.choose(option), phone)
        case .overlay?: click = (.tap(nil), phone)
        case nil: break
        }
    }

    mutating func move(x: Double, t: Double, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        guard var drag else {
            try sync(t, cancelled)
            return
        }
        let translation = ((x - drag.downX) * 100).rounded() / 100
        drag.lastX = x
        if drag.checkpoint == nil {
            guard translation != 0 else {
                self.drag = drag
                try sync(t, cancelled)
                return
            }
            // A finger that rested longer than a hold before its first movement: that time passes as ticks
            // would pass it (an `advance` while something animates), and the finger goes down one step before.
            if let last = pageClock, t - last > Double(PlaygroundLimits.holdMs) {
                try sync(t - Double(PlaygroundLimits.stepAfterHoldMs), cancelled)
            }
            amend = nil
            pendingSpaces = ""
            drag.checkpoint = phones
            drag.index = script.count
            drag.startT = pageClock ?? t
            startWindow()
        }
        // Whole milliseconds from the finger down, at least 1 ms after the last sample (no drift).
        let ms = max(drag.lastMs + 1, Int64(min((t - drag.startT).rounded(), 1e15)))
        pageClock = max(pageClock ?? t, t)
        var gap = ms - drag.lastMs
        // A pause longer than a hold is the finger held still, then one step to the new place: an `advance`
        // (its cost does not grow with its length) and one short pan, not a pan sampled at the frame rate
        // over the whole pause (an hour at 240 fps would be 864,000 samples).
        var hold: Int64 = 0
        if gap > PlaygroundLimits.holdMs, !drag.path.ends.isEmpty {
            hold = gap - PlaygroundLimits.stepAfterHoldMs
            gap = PlaygroundLimits.stepAfterHoldMs
        }
        let step = min(gap, Int64(ScriptLimits.maxPanSeconds * 1000))
        let sample = drag.pan(translation, ms: step)
        // The phone follows the raw sample; a phone that refuses the first sample leaves the drag.
        var accepted: [Int] = []
        var firstError: ScriptError?
        for i in drag.targets {
            do {
                if hold > 0 { _ = try phones[i].execute(.advance(.milliseconds(hold)), isCancelled: cancelled) }
                _ = try phones[i].execute(sample, isCancelled: cancelled)
                accepted.append(i)
            } catch {
                if case .model(.interrupted) = error {
                    throw Refusal(
                        message:
                            "error: the line took longer than \(formatNumber(PlaygroundLimits.workSeconds)) s and was interrupted",
                        line: sample.scriptLine)
                }
                if firstError == nil { firstError = error }
            }
        }
        guard !accepted.isEmpty else {
            if drag.path.ends.isEmpty { self.drag = nil }  // the finger never went down
            throw Refusal(message: "error: " + (firstError?.message ?? "refused"), line: sample.scriptLine)
        }
        drag.targets = accepted
        // Pieces before the last one are final: only the last (which this sample may extend) and new ones change.
        let kept = max(0, drag.path.ends.count - 1)
        if hold > 0 {
            drag.lastMs += hold
            drag.path.addHold(untilMs: drag.lastMs)
        }
        drag.lastMs += step
        drag.path.add(.init(ms: drag.lastMs, translation: translation))
        script.replace(
            from: drag.index + kept,
            with: drag.pieces(from: kept).map { .init(text: $0.scriptLine, owner: owner(accepted)) })
        self.drag = drag
    }

    mutating func up(x: Double, t: Double, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
        if let click {
            self.click = nil
            try sync(t, cancelled)
            startWindow()
            try run(click.command, on: click.phone, cancelled)
            return
        }
        guard let drag else {
            try sync(t, cancelled)
            return
        }
        self.drag = nil
        guard let checkpoint = drag.checkpoint else {
            try sync(t, cancelled)
            return
        }
        pageClock = max(pageClock ?? t, t)
        // The raw gesture's velocity, then the session again from the finger down through the simplified lines.
        let velocities = drag.targets.map { phones[$0].screen.gesture?.velocity ?? 0 }
        let pieces = drag.pieces()
        let owner = owner(drag.targets)
        var entries = pieces.map { PlaygroundScript.Entry(text: $0.scriptLine, owner: owner) }
        for (k, i) in drag.targets.enumerated() {
            var phone = checkpoint[i]
            for command in pieces + [.release(velocity: velocities[k])] {
                do { _ = try phone.execute(command, isCancelled: cancelled) } catch {
                    throw Refusal(message: "error: " + error.message, line: command.scriptLine)
                }
            }
            phones[i] = phone
        }
        if Set(velocities).count <= 1 {
            entries.append(.init(text: Command.release(velocity: velocities[0]).scriptLine, owner: owner))
        } else {
            for (k, i) in drag.targets.enumerated() {
                entries.append(
                    .init(text: Command.release(velocity: velocities[k]).scriptLine, owner: i == 0 ? .a : .b))
            }
        }
        script.replace(from: drag.index, with: entries)
    }

    // MARK: - Keys

    mutating func key(_ key: String, ctrl: Bool, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal)
        -> [ServerMessage]
    {
        if ctrl {
            guard key.lowercased() == "z" else { return [] }
            startWindow()
            return reports(try run(.shake, cancelled))
        }
        if phones[0].screen.compose.focus != nil, phones[0].screen.composePhase != .hidden {
            guard key.count == 1 else {
                if key == "Backspace" || key == "Delete" {
                    throw Refusal(
                        message: "error: the script language cannot take typed text back (type only adds)", line: nil)
                }
                return []  // Shift, arrows…: nothing to type
            }
            try type(key, cancelled)
            return []
        }
        switch key {
        case "s":
            startWindow()
            return reports(try run(.shake, cancelled))
        case "r":
            startWindow()
            try run(.reset(messages: nil), cancelled)
        case " ": paused.toggle()
        default: break
        }
        return []
    }

    /// Types one key: the `type` line being amended grows, or a new one starts. A space waits for the next
    /// character (a line's end drops it); a key the line could not read back as typed is refused.
    mutating func type(_ key: String, _ cancelled: @escaping @Sendable () -> Bool) throws(Refusal) {
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
                    "error: \(JSON.quote(key)) cannot be typed here: the line 'type \(text)' would not read back as typed (a '#' after a space starts a comment)",
                line: "type " + text)
        }
        pendingSpaces = ""
        if let current {
            try amendLine(current, kind: .type(text), command: command, cancelled)
        } else {
            let checkpoint = phones
            try run(command, cancelled)
            amend = Amend(kind: .type(text), checkpoint: checkpoint, index: script.count - 1)
        }
    }

    // MARK: - Answers

    mutating func screenMessage() -> ServerMessage {
        if renders.count > phones.count { renders.removeLast(renders.count - phones.count) }
        while renders.count < phones.count { renders.append(PhoneView.Render()) }
        var answers: [ServerMessage.PhoneScreen] = []
        for i in phones.indices {
            let shown = screens.screen(of: phones, i)
            answers.append(renders[i].screen(phones[i], shown))
        }
        let first = phones[0].screen
        return .screen(
            phones: answers, time: first.now.seconds,
            animating: phones.contains { $0.screen.isAnimating },
            gesture: first.gesture?.kind.rawValue ?? "none")
    }

    /// The timeline and plots of the last gesture; nil when `cancelled` stopped the replay.
    func historyMessage(_ cancelled: @escaping @Sendable () -> Bool) -> ServerMessage? {
        guard let plots = historyPlots(cancelled) else { return nil }
        let mark = window?.start.screen.timeline.total ?? 0
        return .history(timeline: PhoneView.timeline(phones[0], since: mark), plots: plots)
    }

    /// The HTML player's property plots of the last gesture (phone A): its lines run again from the state before
    /// it, the screen kept at evenly spaced instants (60 a second, fewer for a long one: at most
    /// `PlaygroundLimits.historyFrames` frames), each moving property one chart, a row's x with the thresholds
    /// as they were at each instant. The replay polls `cancelled` (the message's deadline) before every line and
    /// inside every long one: nil when it ran out of time.
    func historyPlots(_ cancelled: @escaping @Sendable () -> Bool) -> [String]? {
        guard let window, window.index <= script.count else { return [] }
        let lines = script.entries[window.index...].filter { $0.owner != .b }.map({ $0.text })
        let seconds = (phones[0].screen.now - window.start.screen.now).seconds
        let fps = seconds > 0 ? max(1, min(60, Int(Double(PlaygroundLimits.historyFrames) / seconds))) : 60
        let sampler = FrameSampler(clock: FrameClock(framesPerSecond: fps), maxFrames: PlaygroundLimits.historyFrames)
        var session = window.start
        session.collectsTrace = false
        sampler.start(at: session.screen)
        for line in lines {
            if cancelled() { return nil }
            sampler.before = session.screen
            do {
                _ = try session.execute(line: line[...], watcher: sampler, isCancelled: cancelled)
            } catch {
                if case .model(.interrupted) = error { return nil }
            }
            sampler.after(session.screen)
        }
        let plots = PropertyPlots(screens: sampler.screens)
        return plots.series.map(plots.svg)
    }
}
