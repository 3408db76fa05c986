@preconcurrency import CEdit
import MailboxSim
#if canImport(Glibc)
import Glibc
#endif

/// The interactive prompt: reads lines with libedit, runs them in one session, prints what happened.
struct Repl {
    var session = Session(interactive: true)

    var prompt: String { "mailsim \(session.screen.now.fixedSeconds)s> " }

    mutating func loop() {
        Console.out("mailsim: the Mailbox gestures, headless. Type `help` for commands, Ctrl-D to leave.")
        while let raw = readline(prompt) {
            let line = String(cString: raw)
            free(raw)
            let trimmed = line.trimmingBlanksForHistory
            if !trimmed.isEmpty { add_history(trimmed) }
            if !handle(line) { break }
        }
    }

    /// Runs one line; false when the session should end.
    mutating func handle(_ line: String) -> Bool {
        do {
            let outcome = try session.execute(line: line[...])
            for entry in outcome.trace { Console.out(TimelineReport.line(entry)) }
            for text in outcome.output { Console.out(text) }
            if let failure = outcome.failure { Console.error("failed: \(failure)") }
            if let file = outcome.fileToWrite {
                do { try FileSystem.write(file.contents, to: file.path) } catch { Console.error("error: \(error.message)") }
            }
            return !outcome.quit
        } catch {
            Console.error("error: \(error.message)")
            return true
        }
    }
}

extension String {
    var trimmingBlanksForHistory: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
