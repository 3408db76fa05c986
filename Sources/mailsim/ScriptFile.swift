import MailboxScript

/// The one way the front end runs a script: `mailsim run`, `mailsim test`, `mailsim record` and a script on
/// standard input all stream it, piece by piece, into a fresh session (`-` or `<stdin>` is standard input).
enum ScriptFile {
    /// How diagnostics name a script: its path, or `<stdin>` for `-`.
    static func displayName(_ file: String) -> String { file == "-" ? "<stdin>" : file }

    /// Runs `file` in a fresh session; `emit` receives what it produces, `observer` (a recorder) watches each
    /// line, `keepsContext` keeps the screen at each problem, and `finished` sees the session at the end. A
    /// file that cannot be read gives a report marked unreadable (and nothing is emitted).
    static func run(_ file: String, trace: Bool, observer: (any ScriptObserver)? = nil, keepsContext: Bool = false,
                    finished: (Session) -> Void = { _ in }, emit: (ScriptOutput) -> Void) -> ScriptReport {
        let name = displayName(file)
        var session = Session()
        session.collectsTrace = trace || observer != nil
        var stream = ScriptStream(file: name, pictures: PictureFiles(), observer: observer)
        stream.keepsContext = keepsContext
        do throws(FileSystem.Failure) {
            let feed = { (bytes: UnsafeBufferPointer<UInt8>) in stream.feed(bytes, session: &session, emit: emit) }
            if name == "<stdin>" { try FileSystem.stream(0, name: name, feed) } else { try FileSystem.stream(file, feed) }
        } catch {
            var report = ScriptReport(file: name)
            report.markUnreadable(error.message)
            return report
        }
        let report = stream.finish(session: &session, emit: emit)
        finished(session)
        return report
    }

    /// Runs a script's text, already read, in a fresh session as `run` runs a file (`mailsim test --update`
    /// reads a script once, runs it, and rewrites those same bytes).
    static func run(source: [UInt8], name: String) -> ScriptReport {
        var session = Session()
        session.collectsTrace = false
        var stream = ScriptStream(file: name, pictures: PictureFiles())
        source.withUnsafeBufferPointer { _ = stream.feed($0, session: &session) { _ in } }
        return stream.finish(session: &session) { _ in }
    }
}
