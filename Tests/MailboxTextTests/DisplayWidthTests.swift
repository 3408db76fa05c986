import MailboxScript
import MailboxSim
import Testing

@testable import MailboxReports
@testable import MailboxText

/// Text is measured in terminal columns (East Asian wide, emoji, combining marks), and
/// `render` truncates and pads by that measure, so its frame stays 42 columns whatever is typed.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("hello", 5), ("héllo", 5), ("he\u{301}llo", 5), ("日本", 4), ("🎉", 2), ("héllo wörld 日本 🎉", 19),
        ("ｆｕｌｌ", 8), ("한국", 4), ("👨\u{200D}👩\u{200D}👧", 2), ("❤\u{FE0F}", 2), ("❤", 1),
        ("\u{301}", 0), ("\u{200B}", 0), ("·▒─…▏", 5), ("", 0)
    ])
    func columns(_ text: String, _ width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func prefixStopsBeforeAWideCharacterThatDoesNotFit() {
        #expect(DisplayWidth.prefix("ab日本", columns: 3) == "ab")
        #expect(DisplayWidth.prefix("ab日本", columns: 4) == "ab日")
        #expect(DisplayWidth.prefix("ab", columns: 9) == "ab")
    }

    /// The table is sorted and its ranges do not touch (the binary search relies on it).
    @Test func theTableIsSorted() {
        for (a, b) in zip(DisplayWidth.wide, DisplayWidth.wide.dropFirst()) { #expect(a.upperBound + 1 < b.lowerBound) }
    }

    private func rendered(_ typed: String) throws -> [String] {
        var session = Session()
        for line in ["compose", "settle", "type " + typed, "tap subject", "type " + typed, "tap body", "type " + typed]
        {
            _ = try session.execute(.line(line[...]))
        }
        return ScreenRender.lines(session.screen.snapshot())
    }

    /// Every line of the frame without a note after it (the edges, the compose sheet's fields) is 42 columns.
    @Test(arguments: [
        "héllo wörld 日本 🎉", String(repeating: "日", count: 36), String(repeating: "🎉", count: 5),
        "a" + String(repeating: "日", count: 20), "e\u{301}" + String(repeating: "x", count: 50)
    ])
    func theFrameKeepsItsWidth(_ typed: String) throws {
        let lines = try rendered(typed).filter { $0.hasSuffix("|") || $0.hasSuffix("+") }
        #expect(lines.count >= 6)
        for line in lines { #expect(DisplayWidth.of(line) == ScreenRender.columns + 2, "\(line)") }
    }

    @Test func aLongWideFieldEndsInAnEllipsisWithinTheFrame() throws {
        let to = try #require(try rendered(String(repeating: "日", count: 36)).first { $0.contains("To:") })
        #expect(DisplayWidth.of(to) == ScreenRender.columns + 2)
        // " To: " and 17 of them (39 columns), then the ellipsis in the 40th: no half character.
        #expect(to == "| To: " + String(repeating: "日", count: 17) + "…|", "\(to)")
    }
}
