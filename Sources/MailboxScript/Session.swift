import MailboxAnimation
import MailboxSim
import MailboxText

/// A screen driven by commands: the simulation, its settings, and the commands that ran (for `save`).
public struct Session: Sendable {
    public private(set) var screen: MailboxState
    /// At the prompt, the lines that ran successfully, for `save` (scripts keep none: memory stays bounded).
    public private(set) var transcript: [String] = []
    /// True at the REPL prompt, where `save` is allowed.
    public let interactive: Bool
    /// Whether `Outcome.trace` is filled in (a front end that does not print the trace saves the copies).
    public var collectsTrace = true
    /// Set by `reset` to the instant the screen it replaced had reached, until `takeReset()` (kept here rather
    /// than in every `Outcome`, which is made once a line).
    public private(set) var pendingReset: Ticks?
    /// Polled by long commands (through the reducer) while `execute(line:isCancelled:)` runs them.
    private var cancellation: (@Sendable () -> Bool)?

    /// The frame rate at which pans are sampled (`set fps`).
    public var framesPerSecond: Int { screen.settings.framesPerSecond }

    public init(messageCount: Int = Metrics.defaultMessageCount, interactive: Bool = false) {
        screen = MailboxState(messageCount: messageCount)
        self.interactive = interactive
    }

    /// What one command produced.
    public struct Outcome: Sendable {
        /// What an inspecting command (`state`, `show`, `help`…) produced, for the front end to render.
        public var report: Report?
        /// Timeline entries the command added, for a front end that traces them.
        public var trace: [TimelineEntry] = []
        /// A failed `expect` or a `!` whose command succeeded.
        public var failure: CheckFailure?
        /// The error a `!` command expected and got.
        public var excused: String?
        /// True for an `expect` or `!` (counted as a check).
        public var isCheck = false
        /// `save`: the file to write and its contents (the front end writes it).
        public var fileToWrite: (path: String, contents: String)?
        /// `save --force`: an existing file is replaced without asking.
        public var replacesFile = false
        /// `load`: the script to play into the session (the front end reads it and runs its lines).
        public var fileToLoad: String?
        public var quit = false
    }

    /// Parses and runs one line. Blank lines and comments produce an empty outcome.
    /// `isCancelled` is polled by long commands (pans, `settle`); when it answers true the command stops
    /// with the error "interrupted" and the session is put back as it was before the line.
    public mutating func execute(line: Substring, isCancelled: (@Sendable () -> Bool)? = nil) throws(ScriptError) -> Outcome {
        try execute(line: line, isCancelled: isCancelled, watch: Unwatched())
    }

    private mutating func execute(line: Substring, isCancelled: (@Sendable () -> Bool)?,
                                  watch: some Watch) throws(ScriptError) -> Outcome {
        guard let command = try Parser.parse(line) else { return Outcome() }
        let outcome: Outcome
        if let isCancelled {
            let saved = self
            cancellation = isCancelled
            defer { cancellation = nil }
            do { outcome = try run(command, watch: watch) } catch { self = saved; throw error }
        } else {
            outcome = try run(command, watch: watch)
        }
        if interactive { record(line, command, outcome) }
        return outcome
    }

    /// Keeps a line that ran for `save`, in a form that replays to the same state: what changed or checked the
    /// screen as typed; a `!` line whose command unexpectedly succeeded (and so changed the screen) as that
    /// command alone; nothing for a failed `expect` (it changed nothing).
    private mutating func record(_ line: Substring, _ command: Command, _ outcome: Outcome) {
        guard command.isRecorded else { return }
        if outcome.failure == nil {
            transcript.append(String(line).trimmingBlanks)
        } else if case let .mustFail(inner, text) = command, inner.isRecorded {
            transcript.append(text)
        }
    }

    /// Runs one line like `execute(line:)`, showing `observe` the screen at every instant of `clock` strictly
    /// inside the time the line's command takes (until it answers false), for a recorder.
    public mutating func execute(line: Substring, frames clock: FrameClock,
                                 observe: (MailboxState) -> Bool) throws(ScriptError) -> Outcome {
        try withoutActuallyEscaping(observe) { observe throws(ScriptError) in
            try execute(line: line, isCancelled: nil, watch: FrameWatch(clock: clock, observe: observe))
        }
    }

    /// How a command that takes time is sent: plainly, or with a recorder watching its frames. A generic
    /// parameter, so the plain path is compiled without the recorder's.
    private protocol Watch {
        func send(_ action: MailboxAction, to screen: inout MailboxState,
                  isCancelled: (@Sendable () -> Bool)?) throws(MailboxError)
    }

    /// No one watching.
    private struct Unwatched: Watch {
        func send(_ action: MailboxAction, to screen: inout MailboxState,
                  isCancelled: (@Sendable () -> Bool)?) throws(MailboxError) {
            try screen.send(action, isCancelled: isCancelled)
        }
    }

    /// A recorder's clock and eyes, for the length of one line.
    private struct FrameWatch: Watch {
        let clock: FrameClock
        let observe: (MailboxState) -> Bool

        func send(_ action: MailboxAction, to screen: inout MailboxState,
                  isCancelled: (@Sendable () -> Bool)?) throws(MailboxError) {
            try screen.send(action, frames: clock, observe: observe)
        }
    }

    /// Sends an action that can take time, through `watch`.
    private mutating func sendTimed(_ action: MailboxAction, _ watch: some Watch) throws(MailboxError) {
        try watch.send(action, to: &screen, isCancelled: cancellation)
    }

    /// Runs one command; on an error nothing has changed.
    public mutating func run(_ command: Command) throws(ScriptError) -> Outcome {
        try run(command, watch: Unwatched())
    }

    private mutating func run(_ command: Command, watch: some Watch) throws(ScriptError) -> Outcome {
        let mark = screen.timeline.total
        var outcome = Outcome()
        do {
            try perform(command, into: &outcome, watch: watch)
        } catch let error as MailboxError {
            throw ScriptError(error)
        } catch let error as ScriptError {
            throw error
        } catch {
            throw ScriptError("\(error)")
        }
        if collectsTrace && screen.timeline.total > mark {
            outcome.trace = Array(screen.timeline.entries(since: mark))
        }
        return outcome
    }

    private mutating func perform(_ command: Command, into outcome: inout Outcome, watch: some Watch) throws {
        switch command {
        case let .pan(target, translation, duration):
            try sendTimed(.panned(target, translation: translation, duration: duration ?? Limits.defaultPanDuration), watch)
        case let .edgePan(translation, duration):
            try sendTimed(.panned(.edge, translation: translation, duration: duration ?? Limits.defaultPanDuration), watch)
        case .release(let velocity):
            try screen.send(.released(velocity: velocity))
        case .tap(let target):
            try screen.send(.tapped(target))
        case .choose(let option):
            try screen.send(.chose(option))
        case .shake:
            let nothing = !screen.canUndo
            try screen.send(.shaken)
            if nothing { outcome.report = .note(.nothingToUndo) }
        case .type(let text):
            try screen.send(.typed(text))
        case .advance(let span):
            guard let target = screen.now.adding(span) else { throw MailboxError.clockOverflow }
            try sendTimed(.clockAdvanced(to: target), watch)
        case .settle:
            try sendTimed(.settled, watch)
        case .reset(let count):
            pendingReset = screen.now
            screen = MailboxState(messageCount: count ?? Metrics.defaultMessageCount, settings: screen.settings)
        case .set(let change):
            if let refusal = change.refusal(on: screen) { throw ScriptError("set \(change.tunable.name): \(refusal)") }
            try screen.send(.settingsChanged(change.applied(to: screen.settings)))
        case .params(let format):
            let listing = ParameterListing(settings: screen.settings)
            outcome.report = format == .json ? .json(.params(listing)) : .params(listing)
        case let .act(id, action):
            try screen.send(.acted(id, action))
        case .state(.text):
            outcome.report = .state(screen.snapshot())
        case .state(.json):
            let readings = try readings(PropertyPath.all(messageCount: screen.messageCount))
            outcome.report = .json(.state(screen.snapshot(), readings))
        case let .show(prefix, format):
            let readings = try readings(PropertyPath.matching(prefix, messageCount: screen.messageCount))
            outcome.report = format == .json ? .json(.properties(readings)) : .properties(readings)
        case .colors:
            outcome.report = .colors(screen.snapshot())
        case let .timeline(filter, format):
            let excerpt = try timeline(filter: filter)
            outcome.report = format == .json ? .json(.timeline(excerpt)) : .timeline(excerpt)
        case .render:
            outcome.report = .render(screen.snapshot())
        case .snapshot(let target):
            outcome.report = .picture(PictureRequest(target: target, screen: screen.snapshot()))
        case let .save(file, withExpectations, force):
            guard interactive else { throw ScriptError("save works at the REPL prompt only") }
            // A script may not end with a finger down (SPEC §6): the saved one would fail at its last line.
            if let gesture = screen.gesture {
                throw ScriptError("save: lift the finger first (release): a saved script cannot end with a finger down (on \(gesture.target.name))")
            }
            outcome.fileToWrite = (file, scriptText(withExpectations: withExpectations))
            outcome.replacesFile = force
            outcome.report = .note(.saved(commands: transcript.count, file: file))
        case .expect(let expectation):
            outcome.isCheck = true
            let actual = try screen.read(expectation.path)
            if !expectation.holds(for: actual, palette: screen.settings.palette) {
                outcome.failure = .expectation(expectation, actual: actual)
            }
        case let .mustFail(inner, text):
            outcome.isCheck = true
            var trial = outcome
            do {
                try perform(inner, into: &trial, watch: Unwatched())
            } catch let error as MailboxError {
                outcome.excused = error.message
                return
            } catch let error as ScriptError {
                outcome.excused = error.message
                return
            } catch {
                outcome.excused = "\(error)"
                return
            }
            outcome.failure = .unexpectedSuccess(command: text)
        case .load(let file):
            guard interactive else { throw ScriptError("load works at the REPL prompt only") }
            outcome.fileToLoad = file
        case .invalid(let message):
            throw ScriptError(message)
        case .help(let topic):
            if topic == CommandTable.pathsTopic {
                outcome.report = .help(.paths)
            } else {
                outcome.report = .help(topic.flatMap(CommandTable.spec(named:)).map(HelpTopic.command) ?? .commands)
            }
        case .quit:
            outcome.quit = true
        }
    }

    /// The instant the screen had reached when a `reset` replaced it since the last call, if one did (a trace
    /// that spans the script goes on from it); clears it.
    public mutating func takeReset() -> Ticks? {
        defer { pendingReset = nil }
        return pendingReset
    }

    /// Each path with its value on screen now, as `expect` reads it.
    private func readings(_ paths: [PropertyPath]) throws(MailboxError) -> [PropertyReading] {
        var readings: [PropertyReading] = []
        readings.reserveCapacity(paths.count)
        for path in paths {
            let value: Value
            do {
                value = try screen.read(path)
            } catch .parameterDiffersBySide(let name) {
                // Shown, not compared: a both-sides threshold whose sides differ shows each.
                value = .name(TunableTable.named(name).map { TunableTable.shown($0, in: screen.settings) } ?? name)
            }
            readings.append(PropertyReading(path: path, value: value))
        }
        return readings
    }

    /// The timeline's entries, or those of one subject (`msg1`, `overlay`, `screen`…).
    private func timeline(filter: String?) throws(ScriptError) -> TimelineExcerpt {
        let timeline = screen.timeline
        guard let filter else {
            return TimelineExcerpt(entries: Array(timeline.entries), dropped: timeline.dropped, capacity: timeline.capacity)
        }
        let subjects = TimelineSubject.names(messageCount: screen.messageCount)
        guard subjects.contains(filter) else {
            let hint = didYouMean(filter, in: subjects)
            throw ScriptError("unknown timeline target \(quoted(filter))\(hint): use msgN, overlay, content, compose, view.NAME or screen")
        }
        return TimelineExcerpt(entries: timeline.entries.filter { $0.subject.name == filter },
                               dropped: timeline.dropped, capacity: timeline.capacity)
    }

    /// The transcript as a script; with expectations, `expect` lines pinning the current state.
    public func scriptText(withExpectations: Bool) -> String {
        var lines = ["# mailsim session, saved at virtual time \(screen.now.decimalSeconds)s"] + transcript
        if withExpectations {
            lines.append("")
            lines.append("# the state when saved")
            for path in PropertyPath.all(messageCount: screen.messageCount) {
                guard let value = try? screen.read(path) else { continue }
                lines.append("expect \(path.name) == \(value.scriptText)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Command {
    /// Whether the command acts on the screen (what a walkthrough captions), rather than checking or looking.
    public var isAction: Bool {
        switch self {
        case .pan, .edgePan, .release, .tap, .choose, .shake, .type, .advance, .settle, .reset, .set, .act: true
        default: false
        }
    }

    /// Whether `save` keeps the line: what changes or checks the screen, not what only looks at it.
    var isRecorded: Bool {
        switch self {
        case .help, .save, .load, .quit, .state, .show, .colors, .timeline, .render, .snapshot, .params: false
        default: true
        }
    }
}

extension Value {
    /// Like `description`, with numbers in the shortest decimal that reads back as the same double (two
    /// different values never print the same, SPEC §6): for failure messages and saved expectations.
    public var precise: String {
        if case .number(let v) = self { return formatExact(v) }
        return description
    }
}
