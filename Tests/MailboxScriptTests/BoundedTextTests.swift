import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// A message never prints a value whole past `messageValueLimit` characters, and a compose
/// field holds at most `Limits.typedBytesPerField` bytes.
@Suite struct BoundedTextTests {
    @Test func shortValuesAreKeptWhole() {
        #expect(shortened("hello") == "hello")
        let exactly = String(repeating: "é", count: messageValueLimit)
        #expect(shortened(exactly) == exactly)
    }

    @Test func longValuesAreCutWithTheirLength() {
        let long = String(repeating: "x", count: 5_000_000)
        #expect(shortened(long) == String(repeating: "x", count: 200) + "… (5,000,000 characters)")
        #expect(grouped(65_536) == "65,536")
        #expect(grouped(-1_200) == "-1,200")
        #expect(grouped(999) == "999")
        #expect(grouped(0) == "0")
    }

    /// A failing `expect` on a long typed value is one short line, saying the value's full length.
    @Test func aFailureOnALongValueIsOneShortLine() throws {
        var session = Session()
        let text = String(repeating: "x", count: 60_000)
        for line in ["compose", "settle", "type " + text] { _ = try session.execute(.line(line[...])) }
        let expectation = "expect compose.to == " + String(repeating: "y", count: 50_000)
        let outcome = try session.execute(.line(expectation[...]))
        let message = try #require(outcome.failure).message
        #expect(message.count < 3 * messageValueLimit)
        #expect(message.hasSuffix("… (60,000 characters)"))
        #expect(message.contains("… (50,014 characters), got"))
        let timeline = TextRenderer.lines(try #require(try session.execute(.line("timeline")).report))
        #expect(timeline.allSatisfy { $0.count < 3 * messageValueLimit })
    }

    /// Typing past 64 KiB in a field is refused, names the limit and types nothing; each field has its own.
    @Test func typedTextIsCapped() throws {
        var session = Session()
        for line in ["compose", "settle"] { _ = try session.execute(.line(line[...])) }
        let chunk = String(repeating: "ab", count: 16_384)  // 32 KiB
        _ = try session.execute(.line(("type " + chunk)[...]))
        _ = try session.execute(.line(("type " + chunk)[...]))
        #expect(session.screen.compose.to.utf8.count == Limits.typedBytesPerField)
        let before = session.screen
        #expect(throws: ScriptError.model(.typedTextTooLong(.to, has: 65_536, adding: 1))) {
            _ = try session.execute(.line("type z"))
        }
        #expect(session.screen == before)
        let error = ScriptError.model(.typedTextTooLong(.to, has: 65_536, adding: 1))
        #expect(error.message.contains("65,536 bytes"))
        _ = try session.execute(.line("tap body"))
        _ = try session.execute(.line(("type " + chunk)[...]))
        #expect(session.screen.compose.body.utf8.count == 32_768)
        // Multi-byte characters count in bytes: 3 bytes each.
        var other = Session()
        for line in ["compose", "settle"] { _ = try other.execute(.line(line[...])) }
        let wide = "type " + String(repeating: "✓", count: 21_846)
        #expect(throws: ScriptError.self) { _ = try other.execute(.line(wide[...])) }
        #expect(other.screen.compose.to.isEmpty)
    }
}
