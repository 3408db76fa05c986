import Glibc
import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Synchronization

/// The interactive prompt: reads lines with libedit and runs each through the one line runner (`LineRunner`) in
/// one session, with itself as the sink (`ReplSink`): it prints what happened, keeps the lines for `save`, writes
/// what `save`, `snapshot` and `export` ask for, and plays `load`ed files through a runner of their own.
///
/// A line typed at the prompt runs on a copy of the session on a thread of its own, and the copy replaces the
/// session only when it finished: an error, or Ctrl-C while it runs, leaves the session as it was.
final class Repl {
    var session = Session(interactive: true)
    let style: Style
    /// Print the timeline entries each command adds (on by default at the prompt).
    let trace: Bool
    /// The lines that ran, as `save` replays them.
    private(set) var transcript = Transcript()
    /// Lines typed so far (each is its own source: a typed error does not end the prompt).
    private var typed = 0

    init(style: Style, trace: Bool = true) {
        self.style = style
        self.trace = trace
    }

    var prompt: String {
        let time = session.screen.now.fixedSeconds + "s"
        guard style.out else { return "mailsim \(time)> " }
        // libedit leaves out of the prompt's width what lies between \u{1} and \u{2}.
        return "mailsim \u{1}\u{1B}[1m\u{2}\(time)\u{1}\u{1B}[0m\u{2}> "
    }

    /// Runs the prompt until Ctrl-D, `quit` or `exit`; the exit status is 0.
    func loop() -> Int32 {
        Interrupt.install()
        TerminalSignals.install()
        LineEditor.start(historyPath: HistoryFile.path())
        LineEditor.say(
            "mailsim \(MailsimCommand.version): the Mailbox app's gestures, headless. "
                + "`help` lists commands; Tab completes; Ctrl-D leaves.")
        while true {
            switch LineEditor.read(prompt: prompt, session: session) {
            case .end:
                LineEditor.say("")
                LineEditor.finish()
                return 0
            case .interrupted:
                // The line typed so far is dropped; libedit left the cursor after it.
                LineEditor.say("")
            case .line(let line):
                LineEditor.remember(line)
                if !handle(line) {
                    LineEditor.finish()
                    return 0
                }
            }
        }
    }

    /// Runs one line typed at the prompt; false when the session should end (`quit`).
    func handle(_ line: String) -> Bool {
        typed += 1
        var runner = LineRunner(file: nil, sink: ReplSink(repl: self, loading: []))
        runner.run(line: line, number: typed, session: &session)
        return !runner.sink.quit
    }

    /// Keeps a line that ran for `save`.
    func record(_ line: String, _ replay: Session.Replay) { transcript.keep(line, replay) }
}

/// The REPL as the sink of a line runner: the prompt's lines (no file), or a loaded file's (`FILE:LINE: ` before
/// each diagnostic; an error stops the load).
struct ReplSink: LineSink {
    let repl: Repl
    /// The files being loaded, outermost first, by identity (empty at the prompt).
    let loading: [String]
    /// The file whose lines these are, as it was found (nil at the prompt): FILEs its lines name are relative
    /// to its folder (`FileSystem.path(_:inScript:)`).
    let script: String?
    /// Set by `quit`.
    private(set) var quit = false
    private(set) var hasStoppedOnError = false

    init(repl: Repl, loading: [String], script: String? = nil) {
        self.repl = repl
        self.loading = loading
        self.script = script
    }

    private var style: Style { repl.style }

    /// At the prompt: on a thread of its own, so that Ctrl-C answers at once. A loaded line runs here, polling
    /// Ctrl-C as long commands do (a thread a line would make a long file slow to load).
    func execute(_ line: Substring, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    > {
        let cancelled: @Sendable () -> Bool = { Interrupt.flag.load(ordering: .relaxed) }
        guard place.file == nil else {
            if Interrupt.take() { return .failure(.model(.interrupted)) }
            do { return .success(try session.execute(.line(line), isCancelled: cancelled)) } catch {
                return .failure(error)
            }
        }
        // The worker runs the line on its own copy (`Session.trying`), the one copy of the session a typed line
        // makes: the session here stays as it was until the line finished. Ctrl-C stops the abandoned worker too:
        // long commands poll the flag.
        let before = session
        let result = Interrupt.run { before.trying(line: line, isCancelled: cancelled) }
        switch result {
        case nil: return .failure(.model(.interrupted))
        case .failure(let error)?: return .failure(error)
        case .success(let (after, outcome))?:
            session = after
            return .success(outcome)
        }
    }

    mutating func take(_ result: LineResult, session: inout Session) -> Bool {
        let at = result.place.file.map { "\($0):\(result.place.line): " } ?? ""
        let outcome: Session.Outcome
        switch result.outcome {
        case .failure(.model(.interrupted)):
            Console.out("")
            Console.error(style.error("\(at)interrupted: nothing changed"))
            return stopped(at: result.place)
        case .failure(let error):
            Console.error(style.error("\(at)error: \(error.message)"))
            return stopped(at: result.place)
        case .success(let done):
            outcome = done
        }
        switch outcome.effect {
        case .save(let request)?:
            // Nothing is kept for a `save` line, and the session is unchanged by it.
            guard save(request, session, at: at) else { return stopped(at: result.place) }
        case .report(.picture(let picture))?:
            do throws(ScriptError) {
                try PictureFiles(script: script).write(picture, line: result.place.line)
            } catch {
                Console.error(style.error("\(at)error: \(error.message)"))
                return stopped(at: result.place)
            }
        case .report(.export(let request))?:
            // As `save`: an existing file is replaced with --force, or when the person at the terminal answers y.
            let confirm: (String) -> Bool = { file in
                Console.inputIsTerminal && LineEditor.confirm("overwrite \(file)? [y/N] ")
            }
            do throws(ScriptError) {
                try ExportFiles(script: script, confirm: confirm).write(request, line: result.place.line)
            } catch {
                Console.error(style.error("\(at)error: \(error.message)"))
                return stopped(at: result.place)
            }
        default:
            break
        }
        if let replay = outcome.replay { repl.record(result.text, replay) }
        if repl.trace {
            for entry in outcome.trace { Console.out(style.render(TimelineText.styledLine(entry))) }
            if case .refusedAsExpected(let error)? = outcome.check {
                Console.out(style.dim("refused as expected: \(error.message)"))
            }
        }
        if case .report(let report)? = outcome.effect {
            for text in style.lines(report) { Console.out(text) }
        }
        if let failure = outcome.check?.failure {
            Console.error(style.failure(at.isEmpty ? "failed: \(failure.message)" : "\(at)\(failure.message)"))
        }
        switch outcome.effect {
        case .load(let file)?:
            guard load(file, at: at, session: &session) else { return stopped(at: result.place) }
        case .quit?:
            quit = true
            return false
        default:
            break
        }
        return true
    }

    /// An error at `place`: the prompt goes on; a load stops there.
    private mutating func stopped(at place: LinePlace) -> Bool {
        guard let file = place.file else { return true }
        Console.error(style.error("load stopped at \(file):\(place.line); the lines before it ran"))
        hasStoppedOnError = true
        return false
    }

    /// Writes what `save` asked for. An existing file is replaced with --force, or when the person at the
    /// terminal answers y; where no one can answer, not at all. False when nothing was written.
    private func save(_ request: SaveRequest, _ session: Session, at: String) -> Bool {
        let file = request.file
        let path = FileSystem.path(file, inScript: script)
        if !request.force && FileSystem.exists(path) {
            let answered = Console.inputIsTerminal && LineEditor.confirm("overwrite \(file)? [y/N] ")
            guard answered else {
                Console.error(style.error("\(at)not saved: \(quoted(file)) exists (save \(file) --force replaces it)"))
                return false
            }
        }
        let text = session.savedScript(repl.transcript.lines, withExpectations: request.withExpectations)
        do throws(FileSystem.Failure) {
            try FileSystem.write(text, to: path)
        } catch {
            Console.error(style.error("\(at)error: \(error.message)"))
            return false
        }
        for line in style.lines(.note(.saved(commands: repl.transcript.lines.count, file: file))) { Console.out(line) }
        return true
    }

    /// `load FILE`: plays FILE's lines into the session through a runner of their own, printing as they run. A
    /// failed `expect` is reported at FILE:LINE and the load goes on; an error stops it at FILE:LINE (the lines
    /// before it stay run); `quit` ends the load, not the prompt. A file already being loaded is refused, and so
    /// are loads nested deeper than `ScriptLimits.maxLoadDepth`. False when the load stopped on an error.
    private func load(_ file: String, at: String, session: inout Session) -> Bool {
        let path = FileSystem.path(file, inScript: script)
        let identity = FileSystem.identity(of: path)
        let refusal: ScriptError? =
            loading.contains(identity)
            ? .alreadyLoading(file)
            : loading.count >= ScriptLimits.maxLoadDepth ? .loadsTooDeep(limit: ScriptLimits.maxLoadDepth) : nil
        if let refusal {
            Console.error(style.error("\(at)error: \(refusal.message)"))
            return false
        }
        // A file being loaded is an input: nothing its lines write (`snapshot`, `save`) may replace it.
        FileSystem.protectInput(path)
        defer { FileSystem.releaseInput(path) }
        // Named as typed at the prompt; a file loaded by a loaded file, by where it was found.
        var runner = LineRunner(
            file: script == nil ? file : path,
            sink: ReplSink(repl: repl, loading: loading + [identity], script: path))
        do throws(FileSystem.Failure) {
            try FileSystem.stream(path) { runner.feed($0, session: &session) }
        } catch {
            Console.error(style.error("\(at)error: \(ScriptError.cannotLoad(file, reason: error.message).message)"))
            return false
        }
        runner.finish(session: &session, requiringFingerUp: false)
        return !runner.sink.hasStoppedOnError
    }
}
