import MailboxSim

/// The one way a line of mailsim is run, wherever it comes from: a script file or standard input (`run`, `test`,
/// `record`), a file played into the prompt (`load`), a line typed at the prompt, a document in the language server,
/// the playground's start script. It cuts bytes into lines (`LineSplitter`), runs each through the `Session` (as its
/// sink says: plainly, under a recorder's eyes, or interruptibly), and hands each line's result to the sink as one
/// value (`LineResult`). The sink decides what to show and whether the run goes on.
public struct LineRunner<Sink> {
    public var sink: Sink
    /// How diagnostics name the source: a file's path, `<stdin>`; nil at the prompt.
    public let file: String?
    /// True once the sink has stopped the run (an error, `quit`) or a line could not be read.
    public private(set) var stopped = false
    /// The number of the last line read, from 1.
    public var lastLine: Int { lines.number }
    private var lines = LineSplitter()

    public init(file: String?, sink: Sink) {
        self.file = file
        self.sink = sink
    }

    /// A runner whose first line is numbered `number + 1` (a script run again from a line that changed, the
    /// session being the one after line `number`).
    public init(file: String?, sink: Sink, startingAfter number: Int) {
        self.file = file
        self.sink = sink
        lines = LineSplitter(startingAfter: number)
    }
}

// The type itself has no requirement on `Sink`, its methods do: instantiating a generic type's metadata checks
// its requirements at run time, scanning every protocol conformance (0.3 M instructions at start-up).
extension LineRunner where Sink: LineSink {

    /// Runs every line that `bytes` completes; false once the run has stopped.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, session: inout Session) -> Bool {
        guard !stopped else { return false }
        // The reader is moved out while it calls back into the runner (which runs the lines), not copied.
        var reader = LineSplitter()
        swap(&reader, &lines)
        reader.feedRaw(bytes) { number, line in run(line, number, session: &session) }
        lines = reader
        return !stopped
    }

    /// Runs the last line if it had no LF. With `requiringFingerUp` (a script: SPEC §6), a finger still down at
    /// the end — or at a `quit` — is an error at the last line, unless an error already stopped the run.
    public mutating func finish(session: inout Session, requiringFingerUp: Bool) {
        if !stopped {
            var reader = LineSplitter()
            swap(&reader, &lines)
            reader.finishRaw { number, line in run(line, number, session: &session) }
            lines = reader
        }
        if requiringFingerUp, !sink.hasStoppedOnError, let gesture = session.screen.gesture {
            let result = LineResult(
                place: LinePlace(file: file, line: lines.number), text: "",
                outcome: .failure(.fingerStillDown(gesture.target)))
            _ = sink.take(result, session: &session)
            stopped = true
        }
    }

    /// Runs one line that is already text (typed at a prompt, number counted by the caller).
    @discardableResult
    public mutating func run(line text: String, number: Int, session: inout Session) -> Bool {
        run(.text(text), number, session: &session)
    }

    /// Runs one line as read and hands on its result; false stops the reading.
    private mutating func run(_ line: LineSplitter.RawLine, _ number: Int, session: inout Session) -> Bool {
        switch line {
        case .bytes(let bytes):
            if sink.readsLineText {
                return run(.text(String(decoding: bytes, as: UTF8.self)), number, session: &session)
            }
            // The sink never reads the line's text: the line runs from its bytes, and no String is made of it.
            let place = LinePlace(file: file, line: number)
            let result = LineResult(
                place: place, text: "", outcome: sink.execute(bytes: bytes, at: place, on: &session))
            if !sink.take(result, session: &session) { stopped = true }
            return !stopped
        case .unreadable(let line):
            return run(line, number, session: &session)
        }
    }

    /// Runs one line as text and hands on its result; false stops the reading.
    private mutating func run(_ line: LineSplitter.Line, _ number: Int, session: inout Session) -> Bool {
        let place = LinePlace(file: file, line: number)
        let result: LineResult
        switch line {
        case .text(let text):
            result = LineResult(place: place, text: text, outcome: sink.execute(text[...], at: place, on: &session))
        case .invalidUTF8(let byte):
            result = LineResult(place: place, text: "", outcome: .failure(.invalidUTF8(byte: byte)))
        case .tooLong:
            result = LineResult(
                place: place, text: "", outcome: .failure(.lineTooLong(maxBytes: ScriptLimits.maxLineBytes)))
        }
        if !sink.take(result, session: &session) { stopped = true }
        return !stopped
    }
}

/// Where a line comes from: its source (a file's path, `<stdin>`; nil at the prompt) and its number, from 1.
public struct LinePlace: Equatable, Sendable {
    public let file: String?
    public let line: Int

    public init(file: String?, line: Int) {
        self.file = file
        self.line = line
    }
}

/// What one line did, as one value: where it was, its text, and what running it gave — the outcome, or the
/// error that refused it (the session then is exactly as before the line).
public struct LineResult: Sendable {
    public let place: LinePlace
    /// The line as read (empty for a line that could not be read, or the end of a script, and for a sink that
    /// does not read it: `LineSink.readsLineText`).
    public let text: String
    public let outcome: Result<Session.Outcome, ScriptError>

    public init(place: LinePlace, text: String, outcome: Result<Session.Outcome, ScriptError>) {
        self.place = place
        self.text = text
        self.outcome = outcome
    }
}

/// Takes each line's result from a `LineRunner`: a script run's summary and printer, the REPL, a recorder, the
/// language server's analysis, the playground's start script.
public protocol LineSink {
    /// Runs one line on the session. The default runs it plainly; a sink may run it under a recorder's eyes or
    /// so that Ctrl-C can stop it. On an error the session must be as it was before the line.
    mutating func execute(_ line: Substring, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    >
    /// Takes what the line did; false stops the run (an error in a script, `quit`).
    mutating func take(_ result: LineResult, session: inout Session) -> Bool
    /// True when the run was stopped by an error (then the end of the script is not checked for a finger).
    var hasStoppedOnError: Bool { get }
    /// Whether the sink reads `LineResult.text` (the default). One that does not is handed each line of a script
    /// as bytes (`execute(bytes:at:on:)`), and no `String` is made of the line.
    var readsLineText: Bool { get }
    /// Runs one line given as bytes (valid UTF-8), for a sink that does not read the line's text. The default
    /// makes the text and runs it as `execute(_:at:on:)` does.
    mutating func execute(bytes: UnsafeBufferPointer<UInt8>, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    >
}

extension LineSink {
    public var readsLineText: Bool { true }

    public mutating func execute(
        bytes: UnsafeBufferPointer<UInt8>, at place: LinePlace,
        on session: inout Session
    ) -> Result<Session.Outcome, ScriptError> {
        execute(String(decoding: bytes, as: UTF8.self)[...], at: place, on: &session)
    }

    @inline(__always)
    public mutating func execute(_ line: Substring, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    > {
        do { return .success(try session.execute(.line(line))) } catch { return .failure(error) }
    }
}
