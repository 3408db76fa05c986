@preconcurrency import CEdit
import Glibc
import MailboxScript
import MailboxText
import MailboxThreads

/// The prompt's line editor: libedit through its readline emulation (emacs keys, Up/Down history, Ctrl-R
/// reverse search, ~/.editrc), with tab completion from `Completer` and a history file.
enum LineEditor {
    /// What one read produced.
    enum Input: Equatable {
        case line(String)
        /// Ctrl-C: the line typed so far is dropped.
        case interrupted
        /// Ctrl-D on an empty line, or the terminal went away.
        case end
    }

    /// The session completion reads, set before each prompt (the completion function is a C callback and
    /// cannot capture it).
    static let completionSession = Locked<Session?>(nil)

    /// Where the editor draws (the terminal): standard output, or the terminal itself when standard output is
    /// redirected (`mailsim > log`, `mailsim | tee log`), so that the prompt and editing stay on the terminal
    /// while the commands' output goes where it was sent.
    nonisolated(unsafe) private static var terminal: UnsafeMutablePointer<FILE>?

    /// Where history is kept, if anywhere.
    nonisolated(unsafe) private static var historyPath: String?
    nonisolated(unsafe) private static var lastEntry: String?

    /// Configures libedit and loads the history file.
    static func start(historyPath path: String?) {
        Terminal.start()
        useUTF8Characters()
        if !Console.outputIsTerminal { terminal = openTerminal() }
        cedit_set_output(terminal)
        cedit_configure { text, _, _ in LineEditor.matches(for: text) }
        cedit_set_getc { stream in LineEditor.character(from: stream) }
        rl_initialize()
        stifle_history(HistoryFile.capacity)
        historyPath = path
        if let path, FileSystem.exists(path) {
            _ = read_history(path)
        }
    }

    /// libedit reads multibyte characters only as the C library's character type allows, and a program starts
    /// in the C locale (ASCII: `héllo` would come back as `hllo`). So the character type is taken from the
    /// environment (LC_ALL, LC_CTYPE, LANG), and where that is C or POSIX (or nothing is set, or an unknown
    /// locale), C.UTF-8 is used, as Python does (PEP 538). Only LC_CTYPE changes: numbers are still printed with a dot.
    static func useUTF8Characters() {
        let chosen = setlocale(LC_CTYPE, "").map { String(cString: $0) } ?? "C"
        if chosen == "C" || chosen == "POSIX" {
            for name in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, name) != nil { break }
        }
    }

    /// The terminal for writing, when standard output is not one: `/dev/tty`, else standard error if it is a
    /// terminal; nil if neither (then libedit reads without editing).
    private static func openTerminal() -> UnsafeMutablePointer<FILE>? {
        if let tty = fopen("/dev/tty", "w") { return tty }
        if isatty(STDERR_FILENO) == 1 { return fdopen(dup(STDERR_FILENO), "w") }
        return nil
    }

    /// A line for the person at the terminal (the greeting), not for the commands' output: on the terminal
    /// when standard output is redirected.
    static func say(_ line: String) {
        guard let terminal else { return Console.out(line) }
        fputs(line + "\n", terminal)
        fflush(terminal)
    }

    /// Shows `prompt` and reads one line.
    static func read(prompt: String, session: Session) -> Input {
        // What the last command printed is out before the prompt (a file or pipe is not line-buffered).
        fflush(nil)
        completionSession.withLock { $0 = session }
        _ = Interrupt.take()
        TerminalSignals.clear()
        let raw = readline(prompt)
        Terminal.quiet()
        guard let raw else {
            return Interrupt.take() ? .interrupted : .end
        }
        defer { free(raw) }
        // A Ctrl-C from now on (the flag stays set) cancels the command this line runs.
        return .line(String(cString: raw))
    }

    /// One character typed, for libedit: its code point (UTF-8 decoded, as libedit's own read does), or -1, which
    /// ends the line (the terminal closed, or Ctrl-C: `read` tells them apart by `Interrupt`'s flag).
    ///
    /// libedit draws the prompt, puts the terminal in raw mode, then reads. A Ctrl-C that came between the two left
    /// its flag set and nothing to wake the read: the prompt waited on for a key. This waits on the terminal and on
    /// the pipe the SIGINT handler writes to at once, and ends the read when the flag is set, whenever it was set
    /// since `read` cleared it.
    static func character(from stream: UnsafeMutablePointer<FILE>?) -> Int32 {
        let input = stream.map { fileno($0) } ?? STDIN_FILENO
        let wake = Interrupt.wakeDescriptor
        var decoding = mbstate_t()
        var started = false  // a character's first bytes are read: its others come at once, no Ctrl-C between
        while true {
            if !started, Interrupt.isPending { return -1 }
            let ready = Int16(POLLIN)
            var waits = [pollfd(fd: input, events: ready, revents: 0), pollfd(fd: wake, events: ready, revents: 0)]
            if poll(&waits, wake >= 0 ? 2 : 1, -1) < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if wake >= 0, waits[1].revents != 0 {
                Interrupt.drainWakes()
                TerminalSignals.handle()
                continue
            }
            guard waits[0].revents != 0 else { continue }
            var byte = CChar(0)
            let count = Glibc.read(input, &byte, 1)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count == 1 else { return -1 }
            var character = wchar_t(0)
            switch mbrtowc(&character, &byte, 1, &decoding) {
            case -2:  // a multibyte character's first bytes
                started = true
            case -1:  // not the locale's encoding: the byte as it is
                return Int32(UInt8(bitPattern: byte))
            default:
                return Int32(character)
            }
        }
    }

    /// Asks a yes-or-no question at the prompt (not kept in the history); true only for y or yes.
    static func confirm(_ question: String) -> Bool {
        _ = Interrupt.take()
        TerminalSignals.clear()
        guard let raw = readline(question) else {
            _ = Interrupt.take()
            say("")
            return false
        }
        defer { free(raw) }
        Terminal.quiet()
        let answer = String(cString: raw).trimmingBlanks.lowercased()
        return answer == "y" || answer == "yes"
    }

    /// Adds a line to the history (trimmed; not twice in a row; never blank) and saves the file.
    static func remember(_ line: String) {
        let trimmed = line.trimmingBlanks
        guard !trimmed.isEmpty, trimmed != lastEntry else { return }
        lastEntry = trimmed
        add_history(trimmed)
        save()
    }

    /// Before the program ends: the history saved, the terminal as it was.
    static func finish() {
        save()
        Terminal.restore()
    }

    /// Writes the history file (libedit's own format) through the one atomic writer, creating its folder if
    /// needed; private to the user.
    static func save() {
        guard let path = historyPath else { return }
        _ = HistoryFile.save(to: path)
    }

    // MARK: - Completion

    /// libedit's `rl_attempted_completion_function`: the candidates for the word before the cursor, as a
    /// malloc'ed array (its first entry the text that replaces the word: the candidates' common prefix).
    private static func matches(for text: UnsafePointer<CChar>?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    {
        guard let session = completionSession.withLock({ $0 }) else { return nil }
        var completion = Completer.complete(lineBeforeCursor(), session: session)
        if completion.fileNames {
            completion.candidates += FileNames.candidates(completing: completion.word)
        }
        cedit_completion_settings(1, completion.isFinal && !completion.candidates[0].hasSuffix("/") ? 32 : 0)
        if completion.candidates.isEmpty { return nil }
        guard let array = cedit_match_array(completion.candidates.count + 1) else { return nil }
        array[0] = strdup(completion.commonPrefix)
        for (i, candidate) in completion.candidates.enumerated() { array[i + 1] = strdup(candidate) }
        return array
    }

    /// The text from the start of the line to the cursor.
    private static func lineBeforeCursor() -> String {
        guard let buffer = cedit_line_buffer() else { return "" }
        let point = Int(cedit_point())
        let length = strnlen(buffer, max(0, point))
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}

/// File names for `save FILE`: the entries of the word's folder that start with its last part; folders end
/// in `/` (and take no blank after them, so Tab goes on into them); dot files only when asked for.
enum FileNames {
    static func candidates(completing word: String) -> [String] {
        let slash = word.lastIndex(of: "/")
        let folderPart = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        var folder = folderPart.isEmpty ? "." : folderPart
        if folder == "~/" || folder.hasPrefix("~/") { folder = FileSystem.expandingTilde(folder) }
        guard let listed = FileSystem.names(in: folder) else { return [] }
        var names: [String] = []
        for name in listed {
            if !name.hasPrefix(prefix) { continue }
            if name.hasPrefix(".") && !prefix.hasPrefix(".") { continue }
            let path = folderPart + name
            names.append(FileSystem.isDirectory(folder + "/" + name) ? path + "/" : path)
        }
        return names.sorted()
    }
}
