import MailboxAnimation
import MailboxSim
import MailboxText
import Testing

@testable import MailboxReports
@testable import MailboxScript

/// A colour is named by the palette in force, in reports and failures, and
/// `mailsim test --update` writes an expectation that then passes.
@Suite struct PaletteNamingTests {
    static let tuned = "set color.yellow #000000\nset color.red #FECA16\npan msg1 300\n"

    @Test func aRowInTheRedZoneIsRed() throws {
        var session = Session()
        for line in Self.tuned.split(separator: "\n") { _ = try session.execute(.line(line)) }
        let shown = try #require(try session.execute(.line("show msg1.background")).report)
        #expect(TextRenderer.lines(shown) == ["msg1.background = red #FECA16"])
        let failure = try #require(try session.execute(.line("expect msg1.background == yellow")).failure)
        #expect(failure.message == "expected msg1.background == yellow, got red #FECA16")
        let colors = TextRenderer.lines(try #require(try session.execute(.line("colors")).report))
        #expect(colors.contains { $0.hasPrefix("msg1.background") && $0.contains("red    #FECA16") })
        #expect(colors.contains { $0.hasPrefix("tint") && $0.contains("blue   #44AAD2") })
    }

    /// A colour no palette name shows any more has no name: SPEC's yellow is only a hex once yellow is black
    /// and nothing else shows it.
    @Test func aColourNoNameShowsIsAHex() throws {
        var palette = Palette.spec
        palette[.yellow] = Color(rgb: 0x000000)
        #expect(palette.name(of: Color(rgb: 0xFECA16)) == nil)
        #expect(palette.name(of: Color(rgb: 0x000000)) == .yellow)
        #expect(Value.color(Color(rgb: 0xFECA16), in: palette).scriptText == "#FECA16")
        palette[.red] = Color(rgb: 0x44AAD2)
        #expect(palette.name(of: Color(rgb: 0x44AAD2)) == .red)
        #expect(palette.name(of: Color(rgb: 0x44AAD2), preferring: .blue) == .blue)
    }

    @Test func updateWritesAnExpectationThatPasses() {
        let script =
            Self.tuned
            + "expect msg1.background == yellow\nrelease\nsettle\ntap segment later\nsettle\nexpect tint == blue\n"
        let source = Array(script.utf8)
        var first = Session()
        let failures = ScriptRunner.run(source, file: "t.mbs", session: &first).failures
        #expect(failures.count == 2)
        let update = ExpectationUpdate(source: source, failures: failures)
        let text = String(decoding: update.text, as: UTF8.self)
        #expect(text.contains("expect msg1.background == red\n"))
        #expect(text.contains("expect tint == yellow\n"))
        #expect(update.leftAlone.isEmpty)
        var second = Session()
        #expect(ScriptRunner.run(update.text, file: "t.mbs", session: &second).failures.isEmpty)
    }
}
