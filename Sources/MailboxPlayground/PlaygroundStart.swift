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

    /// Runs `text` (named `name` in errors); refused whole, with the words `mailsim run` prints
    /// (`NAME:LINE: error: …`), at the first line that fails, an `expect` that does not hold, a line that
    /// touches files, or a finger left down at the end.
    public static func script(_ text: String, name: String,
                              isCancelled: @escaping @Sendable () -> Bool = { false }) -> Result<PlaygroundStart, PlaygroundStartError> {
        guard text.utf8.count <= PlaygroundLimits.scriptBytes else {
            return .failure(.init("\(name): the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB"))
        }
        var start = PlaygroundStart.empty
        let lines = ScriptLines.lines(of: Array(text.utf8))
        guard lines.count <= PlaygroundLimits.scriptLines else {
            return .failure(.init("\(name): the script has more than \(PlaygroundLimits.scriptLines) lines"))
        }
        for (i, line) in lines.enumerated() {
            let number = i + 1
            func fail(_ kind: Diagnostic.Kind) -> Result<PlaygroundStart, PlaygroundStartError> {
                .failure(.init(Diagnostic(file: name, line: number, kind: kind).text))
            }
            switch line {
            case .invalidUTF8(let byte): return fail(.error(.invalidUTF8(byte: byte)))
            case .tooLong: return fail(.error(.lineTooLong(maxBytes: ScriptLimits.maxLineBytes)))
            case .text(let text):
                if let word = PlaygroundLines.touchesFiles(text) {
                    return .failure(.init("\(name):\(number): error: \(PlaygroundLines.refusal(word))"))
                }
                do {
                    let outcome = try start.session.execute(line: text[...], isCancelled: isCancelled)
                    if let failure = outcome.failure { return fail(.failed(failure)) }
                    switch outcome.replay {
                    case .asTyped?: start.lines.append(text)
                    case .command(let command)?: start.lines.append(command)
                    case nil: break
                    }
                } catch {
                    return fail(.error(error))
                }
            }
        }
        if let gesture = start.session.screen.gesture {
            return .failure(.init(Diagnostic(file: name, line: max(1, lines.count), kind: .error(.fingerStillDown(gesture.target))).text))
        }
        return .success(start)
    }
}

/// Why a start script was refused: the words `mailsim run` prints.
public struct PlaygroundStartError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}

/// Which lines the playground refuses to run: those that touch files or end the session.
enum PlaygroundLines {
    /// The command's name when `text` is `save`, `load`, `snapshot` or `quit` (alone or after `!`); nil otherwise.
    static func touchesFiles(_ text: String) -> String? {
        guard let command = try? Parser.parse(text[...]) else { return nil }
        return touchesFiles(command)
    }

    static func touchesFiles(_ command: Command) -> String? {
        if case .mustFail(let inner, _) = command { return touchesFiles(inner) }
        return command.traits.contains(.touchesFiles) ? command.spec.name : nil
    }

    static func refusal(_ word: String) -> String {
        "\(word) is not run in the playground (it touches files or ends the session): use the page's Download, Load and Snapshot"
    }
}
