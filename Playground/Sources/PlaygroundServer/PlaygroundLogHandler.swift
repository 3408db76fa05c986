import Foundation
import Logging
import MailboxJSON

/// The server's `LogHandler`: each record a line on standard error, as its words (`--log-format text`) or as one
/// JSON object (`--log-format json`; docs/playground.md, "Behind a proxy").
///
/// A JSON line holds `time` (the wall clock, RFC 3339 in UTC with milliseconds: a server's log, not the
/// simulation, whose clock stays virtual), `level` (`info`, `warning`, `error`), `event` (the record's `event`
/// metadata, `message` when it has none), `message` (the words the text line says) and the record's other
/// metadata, by name; an integer stays a JSON number. A record whose metadata has `PlaygroundLogHandler.jsonOnly`
/// is written in JSON only (`listening`, `refused`): the text log keeps the lines it always had.
public struct PlaygroundLogHandler: LogHandler {
    /// How the lines are written (`--log-format`).
    public enum Format: Sendable { case text, json }

    /// The metadata key that keeps a record out of the text log.
    public static let jsonOnly = "json_only"

    public let format: Format
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    /// Where each line goes (standard error; a test's buffer).
    private let output: @Sendable (String) -> Void

    public init(format: Format, output: @escaping @Sendable (String) -> Void = PlaygroundLogHandler.standardError) {
        self.format = format
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var fields = metadata
        if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
        if let own = event.metadata { fields.merge(own) { $1 } }
        let textToo = fields.removeValue(forKey: Self.jsonOnly) == nil
        switch format {
        case .text:
            if textToo { output(event.message.description) }
        case .json:
            let name = fields.removeValue(forKey: "event").map { "\($0)" } ?? "message"
            var object: [(String, JSON)] = [
                ("time", .string(Date().formatted(Self.time))), ("level", .string(Self.level(event.level))),
                ("event", .string(name)), ("message", .string(event.message.description))
            ]
            for (key, value) in fields.sorted(by: { $0.key < $1.key }) { object.append((key, Self.json(value))) }
            output(JSON.object(object).text)
        }
    }

    /// `2025-11-27T05:03:52.123Z`.
    static let time = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    /// The level as the log names it: swift-log's name, `notice` as `info` and `critical` as `error` (the three
    /// levels docs/playground.md lists).
    static func level(_ level: Logger.Level) -> String {
        switch level {
        case .trace, .debug, .info, .notice: "info"
        case .warning: "warning"
        case .error, .critical: "error"
        }
    }

    /// A metadata value as JSON: an integer a number, the rest as swift-log writes them.
    static func json(_ value: Logger.MetadataValue) -> JSON {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let value): (value as? Int).map { .integer(Int64($0)) } ?? .string(value.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .object(values.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        }
    }

    /// Writes `line` and a line break to standard error, in one write.
    @Sendable public static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
