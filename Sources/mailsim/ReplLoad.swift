import MailboxScript
import MailboxText
import Glibc

extension Repl {
    /// `load FILE` at the prompt (or in a file being loaded): plays FILE's lines into the session, printing as
    /// they run. A failed `expect` is reported at FILE:LINE and the load goes on; an error stops it at
    /// FILE:LINE (the lines before it stay run); `quit` ends the load, not the REPL. The lines are recorded for
    /// `save` by the session as they run. A file already being loaded is refused: no load loops.
    mutating func load(_ file: String, at place: Place?, loading: [String]) -> Step {
        let path = Repl.expandingTilde(file)
        let identity = Repl.identity(of: path)
        if loading.contains(identity) {
            Console.error(style.error("\(Repl.at(place))error: load: \(quoted(file)) is already being loaded (a file cannot load itself)"))
            return .stopped
        }
        var bytes: [UInt8] = []
        do throws(FileSystem.Failure) {
            try FileSystem.stream(path) { piece in bytes.append(contentsOf: piece); return true }
        } catch {
            Console.error(style.error("\(Repl.at(place))error: load: \(error.message)"))
            return .stopped
        }
        for (index, line) in ScriptLines.lines(of: bytes).enumerated() {
            let here: Place = (file, index + 1)
            let text: String
            switch line {
            case .text(let read): text = read
            case .invalidUTF8(let byte): return stop(at: here, "invalid UTF-8 at byte \(byte)")
            case .tooLong: return stop(at: here, "line too long")
            }
            switch run(text, at: here, loading: loading + [identity]) {
            case .ranOn: continue
            case .quit: return .ranOn
            case .stopped:
                Console.error(style.error("load stopped at \(file):\(index + 1); the lines before it ran"))
                return .stopped
            }
        }
        return .ranOn
    }

    private func stop(at place: Place, _ message: String) -> Step {
        Console.error(style.error("\(Repl.at(place))error: \(message)"))
        Console.error(style.error("load stopped at \(place.file):\(place.line); the lines before it ran"))
        return .stopped
    }

    /// The file's real path (links resolved), to recognise it however it is named.
    static func identity(of path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
