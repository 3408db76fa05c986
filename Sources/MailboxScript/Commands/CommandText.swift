import MailboxAnimation
import MailboxSim
import MailboxText

/// The one printer of commands: the line a front end writes into a script for a command it built (the
/// playground's drags, taps and ticks), which reads back as that same command (tested over every script's lines).
extension Command {
    /// The command as a script line: its words in the table's order, numbers in the shortest text that reads back
    /// exactly, optional arguments and flags only when given. `!` keeps its command's text as written; `.invalid`,
    /// which only stands inside `!`, has no line of its own and prints as nothing.
    public var scriptLine: String {
        switch self {
        case let .pan(.edge, translation, duration):
            return Command.edgePan(translation: translation, duration: duration).scriptLine
        case let .pan(target, translation, duration):
            return "pan " + target.name + " " + formatExact(translation) + Command.within(duration)
        case let .edgePan(translation, duration):
            return "edgepan " + formatExact(translation) + Command.within(duration)
        case .release(let velocity):
            return velocity.map { "release " + formatExact($0) } ?? "release"
        case let .flick(id, velocity):
            return "flick " + id.name + " " + formatExact(velocity)
        case .tap(nil):
            return "tap"
        case .tap(.compose?):
            return "compose"
        case .tap(let target?):
            return "tap " + target.name
        case .choose(let option):
            return "choose " + option
        case .shake:
            return "shake"
        case .type(let text):
            return "type " + (Command.typesBare(text) ? text : ScriptQuoting.quote(text))
        case .advance(let span):
            return "advance " + span.decimalSeconds
        case .settle:
            return "settle"
        case .reset(let count):
            return count.map { "reset \($0)" } ?? "reset"
        case .set(let change):
            return "set " + change.tunable.name + " " + change.value.scriptText
        case .params(let format):
            return "params" + Command.flag(format)
        case let .act(id, action):
            return "act " + id.name + " " + action.rawValue
        case .state(let format):
            return "state" + Command.flag(format)
        case let .show(prefix, format):
            return "show " + prefix + Command.flag(format)
        case .colors:
            return "colors"
        case let .timeline(filter, format):
            return "timeline" + (filter.map { " " + $0 } ?? "") + Command.flag(format)
        case .render:
            return "render"
        case .snapshot(let target):
            return "snapshot " + target.file
                + (target.scale == PictureRequest.defaultScale ? "" : " scale \(target.scale)")
        case let .save(file, withExpectations, force):
            return "save " + file + (withExpectations ? " --expect" : "") + (force ? " --force" : "")
        case let .export(format, file, force):
            return "export " + format.rawValue + " " + file + (force ? " --force" : "")
        case .load(let file):
            return "load " + file
        case .expect(let expectation):
            return "expect " + expectation.text
        case .mustFail(_, let text):
            return "! " + text
        case .invalid:
            return ""
        case let .help(topic, parameter):
            return "help" + (topic.map { " " + $0 } ?? "") + (parameter.map { " " + $0 } ?? "")
        case .quit:
            return "quit"
        }
    }

    /// Whether `type TEXT` written bare (the rest of the line) reads back as TEXT: it is not empty, neither starts
    /// nor ends with a blank, holds no character the lexer refuses, no word starting with `"` (a quoted word) and
    /// no lone `#` (a comment). Otherwise the printer quotes it; the playground refuses such a key instead.
    public static func typesBare(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return false }
        if Lexer.isBlank(first) || Lexer.isBlank(last) { return false }
        var wordStart = true
        var lone = false
        for scalar in scalars {
            if Lexer.isBlank(scalar) {
                if lone { return false }
                wordStart = true
                continue
            }
            if Lexer.unprintable(scalar) != nil || (wordStart && scalar == "\"") { return false }
            lone = wordStart && scalar == "#"
            wordStart = false
        }
        return !lone
    }

    /// ` in S` for a duration given, nothing for the default.
    private static func within(_ duration: Ticks?) -> String {
        duration.map { " in " + $0.decimalSeconds } ?? ""
    }

    /// ` --json` for JSON, nothing for text.
    private static func flag(_ format: ReportFormat) -> String {
        format == .json ? " " + ReportFormat.jsonFlag : ""
    }
}
