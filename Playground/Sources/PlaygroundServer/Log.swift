import Logging
import Synchronization

/// The server's lines (warnings, errors, a session opening or closing, the stop), written through swift-log: the
/// program bootstraps `PlaygroundLogHandler`, which writes them as words or as JSON lines (`--log-format`).
/// Each line is an event: its name (`event`), its words, its level and its own fields.
public struct Log: Sendable {
    public let logger: Logger
    /// `refused` events a second at most (a flood of refusals is counted in /metrics, not written line by line).
    private let refusalBudget = RefusalBudget()

    public init(_ logger: Logger) { self.logger = logger }

    /// A field of a JSON line.
    enum Field {
        case text(String)
        case number(Int)

        var value: Logger.MetadataValue {
            switch self {
            case .text(let text): .string(text)
            case .number(let number): .stringConvertible(number)
            }
        }
    }

    /// Writes one event: `message` in text (unless `jsonOnly`) and in JSON with its fields.
    func event(
        _ event: String, _ message: String, level: Logger.Level = .info, _ fields: [(String, Field)] = [],
        jsonOnly: Bool = false
    ) {
        var metadata: Logger.Metadata = ["event": .string(event)]
        for (name, value) in fields { metadata[name] = value.value }
        if jsonOnly { metadata[PlaygroundLogHandler.jsonOnly] = .string("true") }
        logger.log(level: level, "\(message)", metadata: metadata)
    }

    /// A line of words from before or beside the events (errors at start): its level read from its `error:` or
    /// `warning:` prefix.
    public func line(_ text: String, event: String = "message") {
        let level: Logger.Level = text.hasPrefix("error:") ? .error : text.hasPrefix("warning:") ? .warning : .info
        self.event(event, text, level: level)
    }

    /// A refusal, in JSON only and at most 20 a second.
    func refused(_ reason: RefusalReason, _ words: String, client: String) {
        guard refusalBudget.take() else { return }
        event(
            "refused", words, level: .warning, [("reason", .text(reason.rawValue)), ("client", .text(client))],
            jsonOnly: true)
    }
}

/// The token bucket of the `refused` events, shared by the copies of a `Log`.
final class RefusalBudget: Sendable {
    private let bucket = Mutex(TokenBucket(perSecond: 20))

    func take() -> Bool { bucket.withLock { $0.take() } }
}
