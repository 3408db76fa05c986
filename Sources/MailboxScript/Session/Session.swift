import MailboxAnimation
import MailboxSim
import MailboxText

/// A screen driven by commands: the simulation and its settings. It runs one line at a time (`execute`) and says
/// what the line did as one value (`Outcome`); the one line runner (`LineRunner`) hands that to its sink.
public struct Session: Sendable, Equatable {
    /// The screen; set only by this type and its commands' behaviours (`Commands/`).
    public internal(set) var screen: MailboxState
    /// True at the REPL prompt, where `save` and `load` are allowed.
    public let interactive: Bool
    /// Whether `Outcome.trace` is filled in (a front end that does not print the trace saves the copies).
    public var collectsTrace = true
    /// Whether `set` reports what it changed (`CommandOutput.setting`): at the prompt, and when a script's run is
    /// traced.
    public var confirmsSettings: Bool
    /// Polled by long commands (through the reducer) while an `execute` given `isCancelled` runs them.
    var cancellation = Cancellation()

    /// The frame rate at which pans are sampled (`set fps`).
    public var framesPerSecond: Int { screen.settings.framesPerSecond }

    public init(messageCount: Int = Metrics.defaultMessageCount, interactive: Bool = false) {
        screen = MailboxState(messageCount: messageCount)
        self.interactive = interactive
        confirmsSettings = interactive
    }

    // `Outcome`, what one line did, is in Outcome.swift (its rare parts kept behind one reference, docs/fast-path.md).

    /// What a line asks of the front end.
    public indirect enum Effect: Sendable {
        /// Show what a looking command found (`state`, `show`, `help`…), or draw a picture (`snapshot`).
        case report(CommandOutput)
        /// `save`: write the session's lines (the front end keeps them) to a file.
        case save(SaveRequest)
        /// `load FILE`: play a script into the session (the front end reads it).
        case load(file: String)
        /// `quit`: the script (or the prompt) ends here.
        case quit
        /// `reset` replaced the screen with a fresh one at time 0 when the old one's clock read `at` (a trace
        /// that spans the script goes on from there).
        case screenReset(at: Ticks)
    }

    /// How `save` keeps a line so that the saved script replays to the same state.
    public enum Replay: Equatable, Sendable {
        /// The line as typed.
        case asTyped
        /// A `!` line whose command unexpectedly succeeded (and so changed the screen): the command alone.
        case command(String)
    }

    /// What `execute` runs.
    public enum Input {
        /// A line as typed: parsed, and a blank line or a comment does nothing.
        case line(Substring)
        /// A line given as its bytes (valid UTF-8): the common commands are read from the bytes, and only a line
        /// that goes the command table's way is made a `String` (a script run's lines).
        case bytes(UnsafeBufferPointer<UInt8>)
        /// A command a front end built rather than parsed (the playground's drags, taps and ticks, a history's
        /// replay), held to the table's bounds as a parsed line is; its line in a script is `command.scriptLine`.
        case command(Command)
    }

    /// Runs one line or command: the one door every front end goes through. `watcher` is shown the screen at every
    /// instant of its clock strictly inside the time the command takes, as the one run passes through it (a
    /// recorder's frames). `isCancelled`, when given, is polled by long commands (pans, `settle`): when it answers
    /// true the command stops with `.model(.interrupted)` and the session is put back as it was. On any error the
    /// session is as it was before the line.
    /// (Inlined: a script run's caller names its case, and the switch folds away to that case's few lines.)
    @inline(__always)
    public mutating func execute(
        _ input: Input, watcher: some FrameWatcher = Unwatched(), isCancelled: (@Sendable () -> Bool)? = nil
    ) throws(ScriptError) -> Outcome {
        let command: Command
        switch input {
        case .line(let line):
            guard let parsed = try Parser.parse(line) else { return Outcome() }
            command = parsed
        case .bytes(let bytes):
            guard let parsed = try Parser.parse(bytes) else { return Outcome() }
            command = parsed
        case .command(let built):
            if let refusal = built.boundsRefusal { throw refusal }
            command = built
        }
        // Only a command that takes time polls, and so only its screen is kept to be put back (a copy a line
        // would make a long `load` copy its timeline at every line).
        // (`consume`: the common line's command is moved into `finish`, not copied and dropped.)
        guard let isCancelled, command.takesTime else { return try finish(consume command, watch: watcher) }
        let saved = self
        cancellation.check = isCancelled
        defer { cancellation.check = nil }
        do { return try finish(consume command, watch: watcher) } catch {
            self = saved
            throw error
        }
    }

    /// The session after `line` and what the line did, run on a copy of this one, which stays as it was: for a
    /// caller that keeps this session to fall back on and may abandon the run (the REPL's worker thread, which
    /// Ctrl-C leaves behind). That copy is the only one: none is kept inside to put back.
    public func trying(line: Substring, isCancelled: @escaping @Sendable () -> Bool) -> Result<
        (Session, Outcome), ScriptError
    > {
        var trial = self
        do throws(ScriptError) {
            guard let command = try Parser.parse(line) else { return .success((trial, Outcome())) }
            trial.cancellation.check = isCancelled
            let outcome = try trial.finish(command)
            trial.cancellation.check = nil
            return .success((trial, outcome))
        } catch {
            return .failure(error)
        }
    }

    /// Runs a parsed line.
    /// (Commands are handed down `consuming`: the common line's command is moved, not copied and dropped, on its way.)
    private mutating func finish(_ command: consuming Command, watch: some FrameWatcher = Unwatched())
        throws(ScriptError) -> Outcome
    {
        guard interactive else { return try run(command, watch: watch) }
        var outcome = try run(copy command, watch: watch)
        outcome.replay = Session.replay(command, outcome)
        return outcome
    }

    /// How `save` keeps a line that ran: what changed or checked the screen as typed; a `!` line whose command
    /// unexpectedly succeeded as that command alone; nothing for a failed `expect` (it changed nothing).
    private static func replay(_ command: Command, _ outcome: Outcome) -> Replay? {
        guard command.isRecorded else { return nil }
        guard case .failed? = outcome.check else { return .asTyped }
        if case let .mustFail(inner, text) = command, inner.isRecorded { return .command(text) }
        return nil
    }

    /// Sends an action that can take time, showing `watch` its frames.
    mutating func sendTimed(_ action: MailboxAction, _ watch: some FrameWatcher) throws(ScriptError) {
        do { try screen.send(action, isCancelled: cancellation.check, watcher: watch) } catch { throw .model(error) }
    }

    private mutating func run(_ command: consuming Command, watch: some FrameWatcher) throws(ScriptError) -> Outcome {
        let mark = screen.timeline.total
        var outcome = Outcome()
        outcome.acted = command.isAction
        try perform(command, into: &outcome, watch: watch)
        if collectsTrace && screen.timeline.total > mark {
            outcome.trace = Array(screen.timeline.entries(since: mark))
        }
        return outcome
    }

    /// Sends an action that takes no time.
    mutating func send(_ action: MailboxAction) throws(ScriptError) {
        do { try screen.send(action) } catch { throw .model(error) }
    }

    /// Does what `command` says; on an error nothing has changed. Each command's behaviour is in its own file under
    /// `Commands/`, beside its table entry; this switch only hands each case to it (no `default:`, so a new case
    /// does not compile until it is handed on).
    mutating func perform(
        _ command: consuming Command, into outcome: inout Outcome,
        watch: some FrameWatcher
    ) throws(ScriptError) {
        switch consume command {
        case let .pan(target, translation, duration):
            try performPan(target, translation: translation, duration: duration, watch: watch)
        case let .edgePan(translation, duration):
            try performEdgePan(translation: translation, duration: duration, watch: watch)
        case .release(let velocity): try performRelease(velocity: velocity)
        case let .flick(id, velocity): try performFlick(id, velocity: velocity, watch: watch)
        case let .swipe(id, reach, side): try performSwipe(id, reach, side, watch: watch)
        case .hold(let span): try performHold(span, watch: watch)
        case .tap(let target): try performTap(target)
        case .choose(let option): try performChoose(option)
        case .shake: try performShake(into: &outcome)
        case .type(let text): try performType(text)
        case .advance(let span): try performAdvance(span, watch: watch)
        case .settle: try performSettle(watch: watch)
        case .reset(let count): performReset(messages: count, into: &outcome)
        case .set(let change): try performSet(change, into: &outcome)
        case .params(let format): performParams(format, into: &outcome)
        case let .act(id, action): try performAct(id, action)
        case .state(let format): try performState(format, into: &outcome)
        case let .show(prefix, format): try performShow(prefix, format, into: &outcome)
        case .colors: performColors(into: &outcome)
        case let .timeline(filter, format): try performTimeline(filter: filter, format, into: &outcome)
        case .render: performRender(into: &outcome)
        case .snapshot(let target): performSnapshot(target, into: &outcome)
        case let .export(format, file, force): performExport(format, file: file, force: force, into: &outcome)
        case let .save(file, withExpectations, force):
            try performSave(file: file, withExpectations: withExpectations, force: force, into: &outcome)
        case .load(let file): try performLoad(file: file, into: &outcome)
        case .expect(let expectation): try performExpect(expectation, into: &outcome)
        case let .mustFail(inner, text): performMustFail(inner, text: text, into: &outcome)
        case .invalid(let error): throw error
        case let .help(topic, parameter): performHelp(topic: topic, parameter: parameter, into: &outcome)
        case .quit: performQuit(into: &outcome)
        }
    }

    /// Each path with its value on screen now, as `expect` reads it.
    func readings(_ paths: [PropertyPath]) throws(ScriptError) -> [PropertyReading] {
        var readings: [PropertyReading] = []
        readings.reserveCapacity(paths.count)
        for path in paths {
            let value: Value
            do {
                value = try screen.read(path)
            } catch .parameterDiffersBySide(let name) {
                // Shown, not compared: a both-sides threshold whose sides differ shows each.
                value = .name(TunableTable.named(name).map { TunableTable.shown($0, in: screen.settings) } ?? name)
            } catch {
                throw .model(error)
            }
            readings.append(PropertyReading(path: path, value: value))
        }
        return readings
    }

    /// The timeline's entries, or those of one subject (`msg1`, `overlay`, `screen`…).
    func timeline(filter: String?) throws(ScriptError) -> TimelineExcerpt {
        let timeline = screen.timeline
        guard let filter else {
            return TimelineExcerpt(
                entries: Array(timeline.entries), dropped: timeline.dropped, capacity: timeline.capacity)
        }
        let subjects = TimelineSubject.names(messageCount: screen.messageCount)
        // A message the screen was not made with is told as `show msg9` tells it: what exists.
        if !subjects.contains(filter), let id = MessageID(name: filter[...]), id.index >= screen.messageCount {
            throw .model(.noSuchMessage(id, count: screen.messageCount))
        }
        guard subjects.contains(filter) else {
            throw .unknownTimelineTarget(filter, suggestion: nearest(filter, in: subjects))
        }
        return TimelineExcerpt(
            entries: timeline.entries.filter { $0.subject.name == filter },
            dropped: timeline.dropped, capacity: timeline.capacity)
    }

    /// `lines` (the lines a prompt kept for `save`) as a script; with expectations, `expect` lines pinning the
    /// current state.
    public func savedScript(_ lines: [String], withExpectations: Bool) -> String {
        var text = "# mailsim session, saved at virtual time \(screen.now.decimalSeconds)s\n"
        for line in lines { text += line + "\n" }
        if withExpectations {
            text += "\n# the state when saved\n"
            for line in pinnedExpectations() { text += line + "\n" }
        }
        return text
    }

    /// `expect PATH == VALUE` for every property path, pinning the state now (`save --expect`, "pin the state").
    public func pinnedExpectations() -> [String] {
        PropertyPath.all(messageCount: screen.messageCount).compactMap { path in
            (try? screen.read(path)).map { "expect \(path.name) == \($0.scriptText)" }
        }
    }
}

/// What `save FILE [--expect] [--force]` asks the front end to write.
public struct SaveRequest: Equatable, Sendable {
    public var file: String
    public var withExpectations: Bool
    /// An existing file is replaced without asking.
    public var force: Bool
}

/// How a check went.
public indirect enum CheckResult: Equatable, Sendable {
    /// The `expect` held.
    case held
    /// An `expect` that did not hold, or a `!` whose command succeeded.
    case failed(CheckFailure)
    /// The refusal a `!` line expected and got.
    case refusedAsExpected(ScriptError)

    /// The failure, if the check failed.
    public var failure: CheckFailure? {
        if case .failed(let failure) = self { return failure } else { return nil }
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
