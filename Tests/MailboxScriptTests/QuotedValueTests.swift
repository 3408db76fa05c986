import MailboxAnimation
import MailboxReports
import MailboxSim
import MailboxText
import Testing

@testable import MailboxScript

/// A value with spaces, quotes, backslashes, tabs or non-ASCII survives a round trip: what
/// `save --expect` (`Session.pinnedExpectations`) and `--update` (`ExpectationUpdate`) write reads back exactly.
@Suite struct QuotedValueTests {
    /// Texts that a bare word cannot carry, and some it can.
    static let texts = [
        "hello world", "say \"hi\"", #"back\slash"#, "tab\there", "héllo wörld 日本 🎉", "  two  blanks ",
        "#1", "\"", "nbsp\u{A0}here", "zwj👨\u{200D}👩", "line\nbreak", "plain", "é"
    ]

    private func run(_ text: String) -> RunReport {
        var session = Session()
        return ScriptRunner.run(Array(text.utf8), file: "t.mbs", session: &session)
    }

    @Test(arguments: texts) func quotingReadsBackExactly(_ text: String) {
        let written = ValueQuoting.word(text)
        if ValueQuoting.needsQuotes(text) {
            #expect(ValueQuoting.unquote(written) == .success(text))
        } else {
            #expect(written == text)
        }
    }

    /// `type` takes one quoted word as its text; the pinned state names it quoted, and those lines hold when run.
    @Test(arguments: texts) func pinnedExpectationsRoundTrip(_ text: String) throws {
        var session = Session()
        let lines = ["compose", "settle", "type " + ValueQuoting.quote(text)]
        for line in lines { _ = try session.execute(.line(line[...])) }
        let read = try session.screen.read(.composeTo)
        #expect(read == .name(text))
        let pinned = session.pinnedExpectations()
        let to = try #require(pinned.first { $0.hasPrefix("expect compose.to ") })
        #expect(to == "expect compose.to == " + ValueQuoting.word(text))
        let report = run((lines + pinned).joined(separator: "\n") + "\n")
        #expect(report.error == nil)
        #expect(report.failures.isEmpty)
    }

    /// `--update` writes the quoted form, and the updated script passes.
    @Test(arguments: texts) func updateWritesTheQuotedForm(_ text: String) throws {
        let script = "compose\nsettle\ntype \(ValueQuoting.quote(text))\nexpect compose.to == wrong   # kept\n"
        let failures = run(script).failures
        #expect(failures.count == 1)
        let update = ExpectationUpdate(source: Array(script.utf8), failures: failures)
        let updated = String(decoding: update.text, as: UTF8.self)
        #expect(updated.hasSuffix("expect compose.to == \(ValueQuoting.word(text))   # kept\n"))
        let again = run(updated)
        #expect(again.error == nil && again.failures.isEmpty)
    }

    /// A quoted value can be updated again: the whole quoted word is replaced, not its first part.
    @Test func aQuotedValueIsReplacedWhole() {
        let script = "compose\nsettle\ntype a b\nexpect compose.to == \"x y z\"\n"
        let update = ExpectationUpdate(source: Array(script.utf8), failures: run(script).failures)
        #expect(
            String(decoding: update.text, as: UTF8.self) == "compose\nsettle\ntype a b\nexpect compose.to == \"a b\"\n")
    }

    /// What a failure and `show` print is the quoted form, to be copied into a script.
    @Test func reportsPrintTheQuotedForm() throws {
        let report = run("compose\nsettle\ntype hello world\nexpect compose.to == hello\n")
        let failure = try #require(report.failures.first)
        #expect(failure.message == "expected compose.to == hello, got \"hello world\"")
        #expect(Value.name("hello world").description == "\"hello world\"")
    }

    /// Quotes are not the comment's business, and a quote inside a bare word is a character.
    @Test func quotesInCommentsAndInsideWords() throws {
        #expect(try Lexer.tokens("# it's \"open"[...]).isEmpty)
        #expect(try Lexer.tokens("settle # say \"hi"[...]).map(\.text) == ["settle"])
        #expect(try Lexer.tokens("type say\"hi"[...]).map(\.text) == ["type", "say\"hi"])
        #expect(
            try Lexer.tokens("expect compose.to == \"a b\" # c"[...]).map(\.text) == [
                "expect", "compose.to", "==", "\"a b\""
            ])
    }

    /// A quoted palette name stands for the colour that name has where the check runs, as a bare one does.
    @Test func aQuotedPaletteNameFollowsThePalette() {
        let report = run(
            """
            set color.yellow #FFD700\npan msg1 -180\nexpect msg1.background == \"yellow\"\nexpect msg1.background \
            == yellow\nrelease\n
            """
        )
        #expect(report.error == nil && report.failures.isEmpty, "\(report.failures)")
    }

    /// A quoted value that does not read is refused, with the column.
    @Test func badQuotesAreRefused() {
        #expect(throws: ScriptError.badQuote(.unterminated, column: 6)) { try Parser.parse("type \"abc"[...]) }
        #expect(throws: ScriptError.badQuote(.unknownEscape("\\q"), column: 8)) {
            try Parser.parse("type \"a\\qb\""[...])
        }
        #expect(throws: ScriptError.badQuote(.textAfterClosingQuote, column: 10)) {
            try Parser.parse("type \"ab\"c"[...])
        }
        #expect(throws: ScriptError.badQuote(.unknownEscape("\\u{110000}"), column: 7)) {
            try Parser.parse("type \"\\u{110000}\""[...])
        }
        #expect(
            ScriptError.badQuote(.unterminated, column: 6).message == "quoted value at column 6 has no closing '\"'")
    }
}
