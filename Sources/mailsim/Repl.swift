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

    /// Runs one line; false when the session should end.
    mutating func handle(_ line: String) -> Bool {
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
            Console.error(style.error("interrupted: nothing changed"))
            return true
        }
        let outcome: Session.Outcome
        switch result {
        case .failure(let error):
            Console.error(style.error("error: \(error.message)"))
            return true
        case .success(let (after, done)):
            outcome = done
            if let file = done.fileToWrite {
                let path = Repl.expandingTilde(file.path)
                do throws(FileSystem.Failure) {
                    try FileSystem.write(file.contents, to: path)
                } catch {
                    // Nothing was saved: the session is unchanged by a `save` anyway.
                    Console.error(style.error("error: \(error.message)"))
                    return true
                }
            }
            if case .picture(let picture)? = done.report {
                do throws(ScriptError) {
                    try PictureFiles().write(picture)
                } catch {
                    Console.error(style.error("error: \(error.message)"))
                    return true
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
        if let failure = outcome.failure { Console.error(style.failure("failed: \(failure.message)")) }
        return !outcome.quit
    }

    /// `~/x.mbs` → `$HOME/x.mbs`.
    static func expandingTilde(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = HistoryFile.environment("HOME") else { return path }
        return home + path.dropFirst()
    }
}
