import MailboxAnimation
import MailboxSim
import MailboxText

/// A script run fed its bytes in pieces, as a file is read: each line runs as soon as it is complete, so a
/// long script is never held whole. `ScriptRunner.run` is this with the whole text as one piece; the lines are
/// cut by `ScriptLines`, as every run cuts them.
///
/// A failed `expect` is reported and the script goes on; an error (a line that cannot be read included) is
/// reported and stops it; `quit` stops it as the end of input does.
public struct ScriptStream {
    public private(set) var report: ScriptReport
    /// True once an error or `quit` has stopped the script: the rest is not run.
    public private(set) var stopped = false
    private var lines = ScriptLines()
    /// Draws and writes what `snapshot` lines ask for; without one, `snapshot` is an error.
    private let pictures: (any PictureSink)?
    /// Watches every line and the frames inside long commands (a recorder), if any.
    private let observer: (any ScriptObserver)?
    /// Whether the report keeps the screen at each failure and at the error (`ScriptReport.contexts`).
    public var keepsContext = false

    public init(file: String, pictures: (any PictureSink)? = nil, observer: (any ScriptObserver)? = nil) {
        report = ScriptReport(file: file)
        self.pictures = pictures
        self.observer = observer
    }

    /// Runs every line that `bytes` completes; false once the script has stopped.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, session: inout Session,
                              emit: (ScriptOutput) -> Void) -> Bool {
        guard !stopped else { return false }
        // The reader is moved out while it calls back into the stream (which runs the lines), not copied.
        var reader = ScriptLines()
        swap(&reader, &lines)
        reader.feed(bytes) { number, line in
            run(line, number, session: &session, emit: emit)
            return !stopped
        }
        lines = reader
        return !stopped
    }

    /// Runs the last line if it had no LF, checks that no finger is left down, and returns the report.
    public mutating func finish(session: inout Session, emit: (ScriptOutput) -> Void) -> ScriptReport {
        if !stopped {
            var reader = ScriptLines()
            swap(&reader, &lines)
            reader.finish { number, line in
                run(line, number, session: &session, emit: emit)
                return !stopped
            }
            lines = reader
        }
        // `quit` ends the script like the end of input: a finger still down is the same error.
        if report.error == nil, let gesture = session.screen.gesture {
            if keepsContext { report.keepContext(line: lines.number, screen: session.screen) }
            stop("the script ended with a finger still down on \(gesture.target.name) (end it with release)",
                 lines.number, emit)
        }
        return report
    }

    private mutating func run(_ line: ScriptLines.Line, _ number: Int, session: inout Session,
                              emit: (ScriptOutput) -> Void) {
        let text: String
        switch line {
        case .text(let read): text = read
        case .invalidUTF8(let byte): return stop("invalid UTF-8 at byte \(byte)", number, emit)
        case .tooLong: return stop("line longer than \(Limits.maxLineBytes >> 20) MiB", number, emit)
        }
        let outcome: Session.Outcome
        do {
            outcome = observer == nil ? try session.execute(line: text[...]) : try observed(text, number, &session)
        } catch {
            if keepsContext { report.keepContext(line: number, screen: session.screen) }
            stop(error.message, number, emit)
            return
        }
        if session.pendingReset != nil, let at = session.takeReset() { emit(.screenReset(at: at)) }
        for entry in outcome.trace { emit(.trace(entry)) }
        // Only a check (`expect`, `!`) is excused or fails: other lines skip looking.
        if outcome.isCheck, let excused = outcome.excused {
            emit(.diagnostic(Diagnostic(file: report.file, line: number, kind: .refusedAsExpected(excused))))
        }
        if case .picture(let picture)? = outcome.report {
            guard let pictures else { return stop("snapshot: this run draws no pictures", number, emit) }
            do throws(ScriptError) { try pictures.write(picture) } catch { return stop(error.message, number, emit) }
        } else if let result = outcome.report {
            emit(.report(result))
        }
        if outcome.isCheck {
            report.checks += 1
            if let failure = outcome.failure {
                let failed = Diagnostic(file: report.file, line: number, kind: .failed(failure))
                report.failures.append(failed)
                if keepsContext { report.keepContext(line: number, screen: session.screen) }
                emit(.diagnostic(failed))
            }
        }
        if outcome.quit { stopped = true }
    }

    /// Runs a line under the observer's eyes (a recorder's run; kept apart from the plain path).
    @inline(never)
    private func observed(_ text: String, _ number: Int, _ session: inout Session) throws(ScriptError) -> Session.Outcome {
        let observer = observer!
        observer.willRun(line: number, text: text, session: session)
        do {
            let outcome = try session.execute(line: text[...], frames: observer.clock, observe: observer.saw)
            observer.didRun(line: number, session: session, outcome: outcome)
            return outcome
        } catch {
            observer.didRun(line: number, session: session, outcome: nil)
            throw error
        }
    }

    /// Stops the script with an error at line `number`.
    private mutating func stop(_ message: String, _ number: Int, _ emit: (ScriptOutput) -> Void) {
        let error = Diagnostic(file: report.file, line: number, kind: .error(message))
        report.error = error
        stopped = true
        emit(.diagnostic(error))
    }
}

/// Draws and writes the pictures `snapshot` asks for (the front end's job: the script layer draws nothing).
public protocol PictureSink {
    /// Writes the picture, or throws the error that stops the script at that line.
    func write(_ request: PictureRequest) throws(ScriptError)
}

/// Watches a script run for a recorder: each line before and after it runs (nil outcome: it was an error), and
/// the screen at each instant of `clock` strictly inside a command that takes time.
public protocol ScriptObserver: AnyObject {
    var clock: FrameClock { get }
    func willRun(line number: Int, text: String, session: Session)
    /// The screen at a frame instant inside the line running; false stops showing more of this line.
    func saw(_ screen: MailboxState) -> Bool
    func didRun(line number: Int, session: Session, outcome: Session.Outcome?)
}
