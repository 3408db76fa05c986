import Foundation
import MailboxJSON
import Synchronization

/// The server's lines on standard error (warnings, errors, a session opening or closing, the stop): as words by
/// default, or as one JSON object a line with `--log-format json` (docs/playground.md, "Behind a proxy").
///
/// A JSON line holds `time` (the wall clock, RFC 3339 in UTC with milliseconds: a server's log, not the
/// simulation, whose clock stays virtual), `level` (`info`, `warning`, `error`), `event`, `message` (the words the
/// text line says) and the event's own fields. Some events are written in JSON only (`listening`, `refused`): the
/// text log keeps the lines it always had.
public enum Log {
    private static let json = Atomic<Bool>(false)
    /// `refused` events a second at most (a flood of refusals is counted in /metrics, not written line by line).
    private static let refusalBudget = Mutex(TokenBucket(perSecond: 20))

    /// Chooses JSON lines (before anything is written).
    static func useJSON(_ on: Bool) { json.store(on, ordering: .relaxed) }

    static var isJSON: Bool { json.load(ordering: .relaxed) }

    enum Level: String { case info, warning, error }

    /// A field of a JSON line.
    enum Field {
        case text(String)
        case number(Int)
    }

    /// Writes one event: `message` in text (unless `jsonOnly`), else the JSON object.
    static func event(
        _ event: String, _ message: String, level: Level = .info, _ fields: [(String, Field)] = [],
        jsonOnly: Bool = false
    ) {
        guard isJSON else {
            if !jsonOnly { write(message) }
            return
        }
        var object: [(String, JSON)] = [
            ("time", .string(timestamp())), ("level", .string(level.rawValue)), ("event", .string(event)),
            ("message", .string(message))
        ]
        for (name, value) in fields {
            switch value {
            case .text(let text): object.append((name, .string(text)))
            case .number(let number): object.append((name, .int(number)))
            }
        }
        write(JSON.object(object).text)
    }

    /// A line of words from before or beside the events (errors at start): its level read from its `error:` or
    /// `warning:` prefix.
    public static func line(_ text: String, event: String = "message") {
        let level: Level = text.hasPrefix("error:") ? .error : text.hasPrefix("warning:") ? .warning : .info
        self.event(event, text, level: level)
    }

    /// A refusal, in JSON only and at most 20 a second.
    static func refused(_ reason: RefusalReason, _ words: String, client: String) {
        guard isJSON, refusalBudget.withLock({ $0.take() }) else { return }
        event(
            "refused", words, level: .warning, [("reason", .text(reason.rawValue)), ("client", .text(client))],
            jsonOnly: true)
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// `2025-11-27T05:03:52.123Z`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        gmtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let milliseconds = Int(now.tv_nsec / 1_000_000)
        let ms = milliseconds < 10 ? "00\(milliseconds)" : milliseconds < 100 ? "0\(milliseconds)" : "\(milliseconds)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):"
            + "\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)Z"
    }
}

/// The words of an error from MailboxPlayground: its `message` when it has one.
enum ErrorText {
    static func of(_ error: any Error) -> String {
        for child in Mirror(reflecting: error).children where child.label == "message" {
            if let message = child.value as? String { return message }
        }
        return String(describing: error)
    }
}
