import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

/// How a playground session starts: a fresh screen, or the state a script left (`mailsim serve SCRIPT`, a link's
/// fragment, a `load`).
public struct PlaygroundStart: Sendable {
    /// The session after the script, interactive (so each outcome says whether `save` keeps its line).
    public var session: Session
    /// The lines kept, as `save` keeps them.
    public var lines: [String]

    /// A fresh screen, no lines.
    public static var empty: PlaygroundStart { PlaygroundStart(session: Session(interactive: true), lines: []) }

    /// Runs `text` (named `name` in errors) through the one line runner; refused whole, with the words
    /// `mailsim run` prints (`NAME:LINE: error: …`), at the first line that fails, an `expect` that does not hold, a
    /// line that touches files, or a finger left down at the end (`LineRunner.finish` checks that, as for `run`).
    public static func script(
        _ text: String, name: String,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<PlaygroundStart, PlaygroundStartError> {
        let bytes = Array(text.utf8)
        guard bytes.count <= PlaygroundLimits.scriptBytes else {
            return .failure(.init("\(name): the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB"))
        }
        // Counted before any line runs, as `LineSplitter` counts them: each LF ends one, and text after the last is one.
        let count =
            bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count
            + (bytes.last.map { $0 == UInt8(ascii: "\n") ? 0 : 1 } ?? 0)
        guard count <= PlaygroundLimits.scriptLines else {
            return .failure(.init("\(name): the script has more than \(PlaygroundLimits.scriptLines) lines"))
        }
        var session = Session(interactive: true)
        var runner = LineRunner(file: name, sink: StartSink(isCancelled: isCancelled))
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        if let refusal = runner.sink.refusal { return .failure(.init(refusal)) }
        return .success(PlaygroundStart(session: session, lines: runner.sink.lines))
    }
}

/// The sink a start script runs into: it keeps each line as `save` would, and stops at the first error, failed
/// `expect` or line that touches files, with the words `mailsim run` prints.
struct StartSink: LineSink {
    let isCancelled: @Sendable () -> Bool
    /// The lines kept, as `save` keeps them.
    private(set) var lines: [String] = []
    /// Why the script was refused, once it was.
    private(set) var refusal: String?
    /// The file command a line named (`save`, `load`, `snapshot`, `quit`): the playground does not run it.
    private var touched: String?

    init(isCancelled: @escaping @Sendable () -> Bool) { self.isCancelled = isCancelled }

    var hasStoppedOnError: Bool { refusal != nil }

    /// Reads the line once and runs its command, unless it touches files.
    mutating func execute(_ line: Substring, at place: LinePlace, on session: inout Session) -> Result<
        Session.Outcome, ScriptError
    > {
        do {
            guard let command = try Parser.parse(line) else { return .success(Session.Outcome()) }
            if let word = PlaygroundLines.touchesFiles(command) {
                touched = word
                return .success(Session.Outcome())
            }
            return .success(try session.execute(.command(command), isCancelled: isCancelled))
        } catch {
            return .failure(error)
        }
    }

    mutating func take(_ result: LineResult, session: inout Session) -> Bool {
        let place = result.place
        if let word = touched {
            refusal = "\(place.file ?? ""):\(place.line): error: \(PlaygroundLines.refusal(word))"
            return false
        }
        switch result.outcome {
        case .failure(let error):
            refusal = Diagnostic(file: place.file ?? "", line: place.line, kind: .error(error)).text
            return false
        case .success(let outcome):
            if let failure = outcome.failure {
                refusal = Diagnostic(file: place.file ?? "", line: place.line, kind: .failed(failure)).text
                return false
            }
            switch outcome.replay {
            case .asTyped?: lines.append(result.text)
            case .command(let command)?: lines.append(command)
            case nil: break
            }
            return true
        }
    }
}

/// Why a start script was refused: the words `mailsim run` prints.
public struct PlaygroundStartError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// Which lines the playground refuses to run: those that touch files or end the session.
public enum PlaygroundLines {
    /// The command's name when `text` is `save`, `load`, `snapshot` or `quit` (alone or after `!`); nil otherwise.
    public static func touchesFiles(_ text: String) -> String? {
        guard let command = try? Parser.parse(text[...]) else { return nil }
        return touchesFiles(command)
    }

    static func touchesFiles(_ command: Command) -> String? {
        if case .mustFail(let inner, _) = command { return touchesFiles(inner) }
        return command.traits.contains(.touchesFiles) ? command.spec.name : nil
    }

    static func refusal(_ word: String) -> String {
        "\(word) is not run in the playground (it touches files or ends the session): "
            + "use the page's Download, Load, Snapshot and Export"
    }
}
