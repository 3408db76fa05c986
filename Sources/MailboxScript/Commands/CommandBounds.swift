import MailboxAnimation
import MailboxSim
import MailboxText

/// The bounds the parser holds a line's numbers to, for a command a front end built rather than parsed: a page's
/// drag may go past the largest translation, and it is refused in the same words as the line would have been.
extension Command {
    /// The error the parser gives this command's line (its numbers written as `scriptLine` writes them) when a
    /// number is out of its parameter's bounds; nil when every number is within them.
    var boundsRefusal: ScriptError? {
        switch self {
        case let .pan(_, translation, duration):
            return Command.refusal("pan", .dx, number: translation)
                ?? Command.refusal("pan", .seconds, duration: duration)
        case let .edgePan(translation, duration):
            return Command.refusal("edgepan", .dx, number: translation)
                ?? Command.refusal("edgepan", .seconds, duration: duration)
        case .release(let velocity?):
            return Command.refusal("release", .velocity, number: velocity)
        case .advance(let span):
            return Command.refusal("advance", .seconds, duration: span)
        case .reset(let count?):
            guard case .wholeNumber(let range)? = Command.kind("reset", .count), !range.contains(count) else {
                return nil
            }
            return .wholeNumberOutOfRange(
                command: "reset", parameter: ArgumentName.count.rawValue, text: String(count), range: range)
        default:
            return nil
        }
    }

    /// The kind the command table gives parameter `key` of `command`.
    private static func kind(_ command: String, _ key: ArgumentName) -> ArgumentKind? {
        CommandTable.spec(named: command)?.parameters.first { $0.key == key }?.kind
    }

    /// A distance or velocity beyond its limit.
    private static func refusal(_ command: String, _ key: ArgumentName, number: Double) -> ScriptError? {
        let limit: Double
        switch kind(command, key) {
        case .distance?: limit = ScriptLimits.maxTranslation
        case .velocity?: limit = ScriptLimits.maxVelocity
        default: return nil
        }
        return abs(number) <= limit
            ? nil : .beyondLimit(command: command, parameter: key.rawValue, text: formatExact(number), limit: limit)
    }

    /// A duration below zero or beyond its maximum.
    private static func refusal(_ command: String, _ key: ArgumentName, duration: Ticks?) -> ScriptError? {
        guard let duration, case .duration(let max)? = kind(command, key) else { return nil }
        if duration < .zero { return .negativeDuration(command: command, text: duration.decimalSeconds) }
        guard duration <= Ticks(seconds: max) else {
            return .durationOutOfRange(
                command: command, parameter: key.rawValue, text: duration.decimalSeconds, max: max)
        }
        return nil
    }
}
