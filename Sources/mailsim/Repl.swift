import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import Glibc

/// The interactive prompt: reads lines with libedit, runs them in one session, prints what happened.
///
/// A command runs on a copy of the session and the copy replaces it only when the command finished: an
/// error, or Ctrl-C while it runs, leaves the session as it was.
struct Repl {
    var session = Session(interactive: true)
    var style: Style
    /// Print the timeline entries each command adds (on by default at the prompt).
    var trace = true

    var prompt: String {
        let time = session.screen.now.fixedSeconds + "s"
        guard style.out else { return "mailsim \(time)> " }
        // libedit leaves out of the prompt's width what lies between \u{1} and \u{2}.
        return "mailsim \u{1}\u{1B}[1m\u{2}\(time)\u{1}\u{1B}[0m\u{2}> "
    }

    /// Runs the prompt until Ctrl-D, `quit` or `exit`; the exit status is 0.
    mutating func loop() -> Int32 {
        Interrupt.install()
        LineEditor.start(historyPath: HistoryFile.path())
        LineEditor.say("mailsim \(MailsimCommand.version): the Mailbox app's gestures, headless. "
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

    /// Runs one line typed at the prompt; false when the session should end.
    mutating func handle(_ line: String) -> Bool {
        run(line, at: nil, loading: []) != .quit
    }

    /// What became of one line.
    enum Step: Equatable {
        case ranOn
        /// An error (or Ctrl-C): nothing changed; a load stops here.
        case stopped
        case quit
    }

    /// Where a loaded line comes from, for its diagnostics (`FILE:LINE: …`); nil at the prompt.
    typealias Place = (file: String, line: Int)

    /// Runs one line, at the prompt or from a loaded file (`loading`: the files being loaded, outermost first).
    mutating func run(_ line: String, at place: Place?, loading: [String]) -> Step {
        let before = session
        let result = Interrupt.run { () -> Result<(Session, Session.Outcome), ScriptError> in
            var trial = before
            do throws(ScriptError) {
                // Ctrl-C stops the abandoned worker too: long commands poll the flag.
                let outcome = try trial.execute(line: line[...], isCancelled: { Interrupt.flag.load(ordering: .relaxed) })
                return .success((trial, outcome))
            } catch {
                return .failure(error)
            }
        }
        guard let result else {
            Console.out("")
            Console.error(style.error("\(Repl.at(place))interrupted: nothing changed"))
            return .stopped
        }
        let outcome: Session.Outcome
        switch result {
        case .failure(let error):
            Console.error(style.error("\(Repl.at(place))error: \(error.message)"))
            return .stopped
        case .success(let (after, done)):
            outcome = done
            if let file = done.fileToWrite {
                // Nothing was saved: the session is unchanged by a `save` anyway.
                guard write(file.contents, to: file.path, replacing: done.replacesFile, at: place) else { return .stopped }
            }
            if case .picture(let picture)? = done.report {
                do throws(ScriptError) {
                    try PictureFiles().write(picture)
                } catch {
                    Console.error(style.error("\(Repl.at(place))error: \(error.message)"))
                    return .stopped
                }
            }
            session = after
        }
        if trace {
            for entry in outcome.trace { Console.out(style.render(TimelineText.styledLine(entry))) }
            if let excused = outcome.excused { Console.out(style.dim("refused as expected: \(excused)")) }
        }
        if let report = outcome.report {
            for text in style.lines(report) { Console.out(text) }
        }
        if let failure = outcome.failure {
            Console.error(style.failure(place == nil ? "failed: \(failure.message)" : "\(Repl.at(place))\(failure.message)"))
        }
        if let file = outcome.fileToLoad { return load(file, at: place, loading: loading) }
        return outcome.quit ? .quit : .ranOn
    }

    /// `FILE:LINE: ` for a loaded line, nothing at the prompt.
    static func at(_ place: Place?) -> String {
        place.map { "\($0.file):\($0.line): " } ?? ""
    }

    /// Writes what `save` asked for. An existing file is replaced with --force, or when the person at the
    /// terminal answers y; where no one can answer, not at all. False when nothing was written.
    private func write(_ contents: String, to file: String, replacing: Bool, at place: Place?) -> Bool {
        let path = Repl.expandingTilde(file)
        if !replacing && FileSystem.exists(path) {
            let answered = Console.inputIsTerminal && LineEditor.confirm("overwrite \(file)? [y/N] ")
            guard answered else {
                Console.error(style.error("\(Repl.at(place))not saved: \(quoted(file)) exists (save \(file) --force replaces it)"))
                return false
            }
        }
        do throws(FileSystem.Failure) {
            try FileSystem.write(contents, to: path)
            return true
        } catch {
            Console.error(style.error("\(Repl.at(place))error: \(error.message)"))
            return false
        }
    }

    /// `~/x.mbs` → `$HOME/x.mbs`.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = HistoryFile.environment("HOME") else { return path }
        return home + path.dropFirst()
    }
}
