import Foundation
import Logging
import Synchronization
import Testing

@testable import PlaygroundServer

/// The server's lines through swift-log and `PlaygroundLogHandler`: what docs/playground.md ("Behind a proxy")
/// says a line holds, in both formats.
@Suite struct LogTests {
    /// The lines a handler wrote.
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func add(_ line: String) { lines.withLock { $0.append(line) } }
    }

    static func log(_ format: PlaygroundLogHandler.Format) -> (Log, Lines) {
        let lines = Lines()
        let logger = Logger(label: "test") { _ in PlaygroundLogHandler(format: format, output: lines.add) }
        return (Log(logger), lines)
    }

    static func object(_ line: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func aJSONLineHoldsTimeLevelEventMessageAndTheEventsFields() throws {
        let (log, lines) = Self.log(.json)
        log.event(
            "session_open", "session 3 opened", [("session", .number(3)), ("client", .text("127.0.0.1"))])
        #expect(lines.all.count == 1)
        let line = try Self.object(lines.all[0])
        let time = try #require(line["time"] as? String)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
        #expect(line["level"] as? String == "info")
        #expect(line["event"] as? String == "session_open")
        #expect(line["message"] as? String == "session 3 opened")
        #expect(line["session"] as? Int == 3)
        #expect(line["client"] as? String == "127.0.0.1")
        #expect(line.count == 6)
    }

    @Test func aLineOfWordsTakesItsLevelFromItsPrefix() throws {
        let (log, lines) = Self.log(.json)
        log.line("error: port 8080 is in use")
        log.line("warning: --host 0.0.0.0 serves the playground to other machines")
        log.line("no site folder")
        let levels = try lines.all.map { try Self.object($0)["level"] as? String }
        #expect(levels == ["error", "warning", "info"])
        #expect(try Self.object(lines.all[0])["event"] as? String == "message")
    }

    @Test func theTextLogWritesTheWordsAndLeavesOutTheJSONOnlyEvents() {
        let (log, lines) = Self.log(.text)
        log.event("listening", "playground at http://127.0.0.1:1/", [("url", .text("x"))], jsonOnly: true)
        log.refused(.host, "the Host must be this server's address", client: "127.0.0.1")
        log.event("stopping", "stopping (0 sessions open)", [("sessions", .number(0))])
        #expect(lines.all == ["stopping (0 sessions open)"])
    }

    @Test func refusalsAreWrittenTwentyASecondAtMost() {
        let (log, lines) = Self.log(.json)
        for _ in 0..<50 { log.refused(.origin, "refused", client: "127.0.0.1") }
        #expect((20...21).contains(lines.all.count))  // the bucket refills a little while the loop runs
    }
}
