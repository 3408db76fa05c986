import MailboxAnimation
import MailboxSim

/// The sink of a script run (`mailsim run`, `test`, `record`, standard input, the fuzzer): it keeps the report
/// (checks, failures, the error that stopped the script), draws what `snapshot` lines ask for, and passes what the
/// script produces on to `output` in order. A failed `expect` is reported and the script goes on; an error (a line
/// that cannot be read included) is reported and stops it; `quit` stops it as the end of input does.
public struct ReportingSink: LineSink {
    public private(set) var report: RunReport
    /// Where what the script produces goes (an existential, not a generic parameter: a generic sink's metadata
    /// would be instantiated at start-up, scanning every protocol conformance; a class-bound one, as Embedded Swift,
    /// the page's build, has existentials of class-bound protocols only).
    public let output: any OutputSink
    /// Whether the report keeps the screen at each failure and at the error (`RunReport.contexts`).
    public var keepsContext = false
    /// Draws and writes what `snapshot` lines ask for; without one, `snapshot` is an error.
    private let pictures: (any PictureSink)?
    /// Renders and writes what `export` lines ask for; without one, `export` is an error.
    private let exports: (any ExportSink)?
    /// Watches every line and the frames inside long commands (a recorder), if any.
    private let observer: (any ScriptObserver)?
    /// Polled before each observed line and by its long commands: a server's bound on the whole run (a
    /// playground export). True stops the run at that line with `.model(.interrupted)`.
    private let isCancelled: (@Sendable () -> Bool)?

    public init(
        file: String, output: some OutputSink, pictures: (any PictureSink)? = nil,
        exports: (any ExportSink)? = nil, observer: (any ScriptObserver)? = nil,
        isCancelled: (@Sendable () -> Bool)? = nil
    ) {
        report = RunReport(file: file)
        self.output = output
        self.pictures = pictures
        self.exports = exports
        self.observer = observer
        self.isCancelled = isCancelled
    }

    public var hasStoppedOnError: Bool { report.error != nil }

    /// A script run reads only each line's outcome, so lines run from their bytes.
    public var readsLineText: Bool { false }

    public mutating func execute(
        bytes: UnsafeBufferPointer<UInt8>, at place: LinePlace,
        on session: inout Session
    ) -> Result<Session.Outcome, ScriptError> {
        if let observer { return observed(String(decoding: bytes, as: UTF8.self)[...], place.line, observer, &session) }
        do { return .success(try session.execute(.bytes(bytes))) } catch { return .failure(error) }
    }

    public mutating func execute(
        _ line: Substring, at place: LinePlace,
        on session: inout Session
    ) -> Result<Session.Outcome, ScriptError> {
        if let observer { return observed(line, place.line, observer, &session) }
        do { return .success(try session.execute(.line(line))) } catch { return .failure(error) }
    }

    public mutating func take(_ result: LineResult, session: inout Session) -> Bool {
        let number = result.place.line
        let outcome: Session.Outcome
        switch result.outcome {
        case .failure(let error):
            if keepsContext { report.keepContext(line: number, screen: session.screen) }
            return stop(error, at: number)
        case .success(let done):
            outcome = done
        }
        // Most lines: they acted, or a check held; nothing to show.
        if outcome.isPlain {
            if outcome.held { report.checks += 1 }
            return true
        }
        if case .screenReset(let at)? = outcome.effect { output.emit(.screenReset(at: at)) }
        for entry in outcome.trace { output.emit(.trace(entry)) }
        switch outcome.effect {
        case .report(.picture(let picture))?:
            guard let pictures else { return stop(.noPictures, at: number) }
            do throws(ScriptError) { try pictures.write(picture, line: number) } catch {
                return stop(error, at: number)
            }
        case .report(.export(let request))?:
            guard let exports else { return stop(.noExports, at: number) }
            do throws(ScriptError) { try exports.write(request, line: number) } catch {
                return stop(error, at: number)
            }
        case .report(let found)?:
            output.emit(.report(found))
        case .save?, .load?, .quit?, .screenReset?, nil:
            break  // `save` and `load` are refused outside the prompt; `quit` stops below
        }
        if let check = outcome.check {
            report.checks += 1
            switch check {
            case .held: break
            case .refusedAsExpected(let error):
                output.emit(.diagnostic(Diagnostic(file: report.file, line: number, kind: .refusedAsExpected(error))))
            case .failed(let failure):
                let failed = Diagnostic(file: report.file, line: number, kind: .failed(failure))
                report.failures.append(failed)
                if keepsContext { report.keepContext(line: number, screen: session.screen) }
                output.emit(.diagnostic(failed))
            }
        }
        if case .quit? = outcome.effect { return false }
        return true
    }

    /// Runs a line under the observer's eyes (a recorder's run; kept apart from the plain path).
    @inline(never)
    private func observed(
        _ line: Substring, _ number: Int, _ observer: any ScriptObserver,
        _ session: inout Session
    ) -> Result<Session.Outcome, ScriptError> {
        if let isCancelled, isCancelled() { return .failure(.model(.interrupted)) }
        observer.willRun(line: number, text: String(line), session: session)
        do {
            let frames = ObserverFrames(observer: observer, isCancelled: isCancelled)
            let outcome =
                if let isCancelled {
                    try session.execute(.line(line), watcher: frames, isCancelled: isCancelled)
                } else {
                    try session.execute(.line(line), watcher: frames)
                }
            observer.didRun(line: number, session: session, outcome: outcome)
            return .success(outcome)
        } catch {
            observer.didRun(line: number, session: session, outcome: nil)
            return .failure(error)
        }
    }

    /// Stops the script with an error at line `number`.
    private mutating func stop(_ error: ScriptError, at number: Int) -> Bool {
        let diagnostic = Diagnostic(file: report.file, line: number, kind: .error(error))
        report.error = diagnostic
        output.emit(.diagnostic(diagnostic))
        return false
    }
}

/// Receives what a script run produces, in order (a printer, a trace collector). A class: the run holds it as an
/// existential, and Embedded Swift (the page's build) has those of class-bound protocols only.
public protocol OutputSink: AnyObject {
    func emit(_ output: ScriptOutput)
}

/// Hands each output to a closure.
public final class EachOutput: OutputSink {
    let body: (ScriptOutput) -> Void
    public init(_ body: @escaping (ScriptOutput) -> Void) { self.body = body }
    public func emit(_ output: ScriptOutput) { body(output) }
}

/// Drops every output (a run read only for its report).
public final class NoOutput: OutputSink {
    public init() {}
    @inline(__always) public func emit(_ output: ScriptOutput) {}
}

/// Draws and writes the pictures `snapshot` asks for (the front end's job: the script layer draws nothing).
public protocol PictureSink: AnyObject {
    /// Writes the picture `snapshot` asked for at `line`, or throws the error that stops the script there.
    func write(_ request: PictureRequest, line: Int) throws(ScriptError)
}

/// Renders and writes the files `export` asks for (the front end's job: the script layer knows the formats' names,
/// not their text).
public protocol ExportSink: AnyObject {
    /// Writes the export asked for at `line`, or throws the error that stops the script there.
    func write(_ request: ExportRequest, line: Int) throws(ScriptError)
}

/// Watches a script run for a recorder: each line before and after it runs (nil outcome: it was an error), and
/// the screen at each instant of `clock` strictly inside a command that takes time, as the one run passes it.
public protocol ScriptObserver: AnyObject {
    var clock: FrameClock { get }
    func willRun(line number: Int, text: String, session: Session)
    /// The screen at a frame instant inside the line running; false stops showing more of this line.
    func saw(_ screen: MailboxState) -> Bool
    func didRun(line number: Int, session: Session, outcome: Session.Outcome?)
    /// Asked before a line shows the instants up to `target` (see `FrameWatcher.willShow`).
    func willShow(until target: Ticks) -> Bool
}

extension ScriptObserver {
    public func willShow(until target: Ticks) -> Bool { true }
}

/// An observer as the model's frame watcher. Once `isCancelled` answers true it is shown no more frames (the
/// command then stops at the model's next poll, without drawing the frames between).
private struct ObserverFrames: FrameWatcher {
    let observer: any ScriptObserver
    var isCancelled: (@Sendable () -> Bool)? = nil
    var frameClock: FrameClock? { observer.clock }
    func saw(_ screen: MailboxState) -> Bool {
        if let isCancelled, isCancelled() { return false }
        return observer.saw(screen)
    }
    func willShow(until target: Ticks) -> Bool { observer.willShow(until: target) }
}
