import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §4: one command a line; `#` as the first non-blank character makes a comment line; later in a line
/// a `#` between whitespace (or before the end of the line) starts a comment; `#B2B2B2` is a value.
@Suite struct LexerTests {
    static func words(_ line: String) throws -> [String] {
        try Lexer.tokens(line[...]).map { String($0.text) }
    }

    static func error(_ line: String) -> String? {
        do {
            _ = try Lexer.tokens(line[...])
            return nil
        } catch { return error.message }
    }

    @Test func splitsAtBlanksWithColumns() throws {
        let tokens = try Lexer.tokens("pan  msg1\t-180 in 0.3")
        #expect(tokens.map { String($0.text) } == ["pan", "msg1", "-180", "in", "0.3"])
        #expect(tokens.map(\.column) == [1, 6, 11, 16, 19])
        #expect(try Self.words("   advance 1   ") == ["advance", "1"])
        #expect(try Lexer.tokens("   advance 1").first?.column == 4)
    }

    @Test(arguments: [
        "", "   ", "\t\t", "# x", "#x", "  # indented comment", "\t#", "#",
        "#B2B2B2 looks like a colour but starts the line", "## two"
    ])
    func blankAndCommentLinesHaveNoTokens(_ line: String) throws {
        #expect(try Self.words(line).isEmpty)
    }

    @Test func trailingComments() throws {
        #expect(try Self.words("advance 0.3 # wait for it") == ["advance", "0.3"])
        #expect(try Self.words("advance 0.3\t#\tc") == ["advance", "0.3"])
        #expect(try Self.words("advance 0.3 #") == ["advance", "0.3"])
        #expect(try Self.words("release # # nested") == ["release"])
    }

    @Test func aColourIsAValueNotAComment() throws {
        #expect(try Self.words("expect msg1.background == #B2B2B2") == ["expect", "msg1.background", "==", "#B2B2B2"])
        #expect(
            try Self.words("expect msg1.background == #fECa16 # yellow") == [
                "expect", "msg1.background", "==", "#fECa16"
            ])
    }

    @Test func anAttachedHashIsNotAComment() throws {
        // `#c` right after a blank is a word, not a comment; the parser then refuses it.
        #expect(try Self.words("advance 0.3 #c") == ["advance", "0.3", "#c"])
        #expect(try Self.words("advance 0.3# c") == ["advance", "0.3#", "c"])
        #expect(try Self.words("type a#b") == ["type", "a#b"])
    }

    @Test(arguments: [
        ("pan\u{0} msg1", "control character U+0000 at column 4"),
        ("\u{0}", "control character U+0000 at column 1"),
        ("advance 0.3\u{7}", "control character U+0007 at column 12"),
        ("release\r", "control character U+000D at column 8"),
        ("pan msg1\u{1B}[A", "control character U+001B at column 9"),
        ("tap\u{7F}", "control character U+007F at column 4"),
        ("advance\u{0B}1", "control character U+000B at column 8"),
        ("# a comment \u{1}", "control character U+0001 at column 13"),
        ("type é\u{2}", "control character U+0002 at column 7")
    ])
    func controlCharactersAreRefused(_ line: String, _ message: String) {
        #expect(Self.error(line) == message)
    }

    @Test func tabsAreBlanksAndUnicodeIsKept() throws {
        #expect(try Self.words("type\tcafé ☕") == ["type", "café", "☕"])
    }
}
