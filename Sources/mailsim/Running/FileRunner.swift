import MailboxScript

/// The one way the front end runs a script file: `mailsim run`, `mailsim test`, `mailsim record` and a script on
/// standard input all stream it, piece by piece, through a `LineRunner` into a fresh session (`-` or `<stdin>`
/// is standard input).
enum FileRunner {
    /// How diagnostics name a script: its path, or `<stdin>` for `-`.
    static func displayName(_ file: String) -> String { file == "-" ? "<stdin>" : file }

    /// Runs `file` in a fresh session; `output` receives what it produces, `observer` (a recorder) watches each
    /// line, `keepsContext` keeps the screen at each problem, and `finished` sees the session at the end. A
    /// file that cannot be read gives a report marked unreadable (and nothing is emitted).
    /// A `snapshot` or `export` FILE is relative to the script's folder (standard input's: the current directory); with
    /// `claims`, the pictures' files are shared with the run's other scripts, and none may write another's.
    static func run(
        _ file: String, trace: Bool, output: any OutputSink,
        observer: (any ScriptObserver)? = nil, keepsContext: Bool = false,
        claims: PictureClaims? = nil,
        finished: (Session) -> Void = { _ in }
    ) -> RunReport {
        let name = displayName(file)
        // The script is an input of this run: a `snapshot` in it may not replace it (`FileSystem.write` refuses).
        FileSystem.protectInput(file)
        var session = Session()
        session.collectsTrace = trace || observer != nil
        // `set` says what it changed where the trace says what happened (`run --trace`); a plain run prints only
        // what its looking commands print.
        session.confirmsSettings = trace
        // The sink is made in place, never copied: a copy of a generic sink can cost a metadata look-up at start-up.
        var runner = LineRunner(
            file: name,
            sink: ReportingSink(
                file: name, output: output,
                pictures: PictureFiles(script: name, claims: claims),
                exports: ExportFiles(script: name), observer: observer))
        runner.sink.keepsContext = keepsContext
        do throws(FileSystem.Failure) {
            if name == "<stdin>" {
                try FileSystem.stream(0, name: name) { runner.feed($0, session: &session) }
            } else {
                try FileSystem.stream(file) { runner.feed($0, session: &session) }
            }
        } catch {
            var report = RunReport(file: name)
            report.markUnreadable(error.message)
            return report
        }
        runner.finish(session: &session, requiringFingerUp: true)
        finished(session)
        return runner.sink.report
    }

    /// Runs `file` printing nothing, for its report alone.
    static func run(_ file: String, keepsContext: Bool, claims: PictureClaims? = nil) -> RunReport {
        return run(file, trace: false, output: NoOutput(), keepsContext: keepsContext, claims: claims)
    }

    /// Runs a script's text, already read, in a fresh session as `run` runs a file (`mailsim test --update`
    /// reads a script once, runs it, and rewrites those same bytes).
    static func run(source: [UInt8], name: String) -> RunReport {
        var session = Session()
        session.collectsTrace = false
        return ScriptRunner.run(
            source, file: name, session: &session, pictures: PictureFiles(script: name),
            exports: ExportFiles(script: name))
    }
}
