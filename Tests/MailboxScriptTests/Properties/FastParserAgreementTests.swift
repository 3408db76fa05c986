import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// The fast path against the general reader, by difference: the fast number reader against `DecimalNumber.parse`,
/// the fast path reader against `PropertyPath.parse`, and `FastParser` against the table walk on every line of
/// `Scripts/`, the fuzz corpus's lines and random lines. Each test also counts what the fast path took and holds it
/// to a floor (the counts measured when the floors were set are beside them), so a fast path that declined
/// everything, which would agree with anything, fails.
@Suite struct FastParserAgreementTests {
    /// Every string of up to `length` characters over `alphabet`.
    static func strings(over alphabet: [Character], upTo length: Int) -> [String] {
        var all = [""]
        var frontier = [""]
        for _ in 0..<length {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            all += frontier
        }
        return all
    }

    /// Seeded random words of digits, signs, points, letters, exponents and a few non-ASCII characters.
    static func randomWords(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let pieces = [
            "0", "1", "9", "00", "123456789", "12345678901234", "123456789012345", "1234567890123456",
            ".", "-", "+", "e", "E", "5", "e10", "inf", "nan", "x", " ", "٣", "½", "0.000000001",
            "9007199254740993", ".5", "5.", "msg", "msg1", ".x", ".icon.alpha", "count", "view.later"
        ]
        return (0..<count).map { _ in
            (0..<Int.random(in: 1...5, using: &random)).map { _ in random.pick(pieces) }.joined()
        }
    }

    /// Whether the fast number reader took `text`; where it did, the general reader gives the same number.
    @discardableResult
    static func checkNumber(_ text: String) -> Bool {
        guard let fast = Array(text.utf8).withUnsafeBufferPointer({ DecimalNumber.readFast($0) }) else { return false }
        let general: DecimalNumber
        do {
            general = try DecimalNumber.parse(text[...])
        } catch {
            Issue.record("\(quoted(text)): the fast reader reads \(fast.value), the general one refuses it")
            return true
        }
        let same =
            fast.value.bitPattern == general.value.bitPattern && fast.negative == general.negative
            && fast.whole == general.whole && fast.fractionNanoseconds == general.fractionNanoseconds
            && fast.hasFraction == general.hasFraction
        #expect(same, "\(quoted(text)): fast \(fast), general \(general)")
        return true
    }

    /// Whether the fast path reader took `text`; where it did, the general reader gives the same path.
    @discardableResult
    static func checkPath(_ text: String) -> Bool {
        let fast = LineText.reading(text[...]) { line in
            PropertyPath.lookUp(LineText.Word(start: 0, end: line.bytes.count, column: 1), line)
        }
        guard let fast else { return false }
        #expect((try? PropertyPath.parse(text[...])) == fast, "\(quoted(text))")
        return true
    }

    /// Counts of lines: all of them, those of the fast path's commands, and those the fast path took.
    struct Tally: CustomStringConvertible {
        var lines = 0, ofItsCommands = 0, taken = 0
        var description: String { "took \(taken) of \(lines) lines (\(ofItsCommands) of its commands)" }
    }

    /// The fast path's commands, by every name and alias (and `!`, which it reads before them).
    static let itsCommands: Set<String> = Set(
        FastParser.Kind.allCases.flatMap { CommandTable.spec(named: $0.rawValue)?.names ?? [] }
    )
    .union(["!"])

    /// Checks every line with `FastParserTests.agree` (the fast path against the table walk, from the text and from
    /// the bytes) and counts what the fast path took.
    static func tally(_ lines: [String]) -> Tally {
        var tally = Tally()
        for line in lines {
            tally.lines += 1
            if let head = (try? Lexer.tokens(line[...]))?.first, itsCommands.contains(String(head.text)) {
                tally.ofItsCommands += 1
            }
            if FastParserTests.agree(line) { tally.taken += 1 }
        }
        return tally
    }

    @Test func numbersExhaustively() {
        let texts = Self.strings(over: ["0", "1", "9", "-", "+", ".", "e"], upTo: 6)
        let taken = texts.filter { Self.checkNumber($0) }.count
        // 4,914 of 137,257 when the floor was set.
        #expect(taken >= 4_500, "the fast reader took \(taken) of \(texts.count)")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func numbersAtRandom(seed: UInt64) {
        let taken = Self.randomWords(20_000, seed: seed).filter { Self.checkNumber($0) }.count
        // 2,007 to 2,038 of 20,000 a seed when the floor was set.
        #expect(taken >= 1_800, "the fast reader took \(taken) of 20,000")
    }

    /// Every word of the corpus's lines, as a number: the numbers scripts write.
    @Test func numbersOfTheCorpus() {
        let words = (ReaderCorpus.scriptLines + ReaderCorpus.fuzzLines).flatMap {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" })
        }
        let taken = words.filter { Self.checkNumber(String($0)) }.count
        // 3,564 of 30,532 words when the floor was set.
        #expect(taken >= 3_200, "the fast reader took \(taken) of \(words.count) words")
    }

    @Test func everyPathAndItsNeighbours() {
        var texts = PropertyPath.all(messageCount: 12).map(\.name) + PropertyPath.templates
        texts += texts.flatMap { [$0 + "x", String($0.dropLast()), $0.uppercased(), "m" + $0, $0 + "."] }
        texts += ["msg0.x", "msg01.x", "msg18446744073709551616.x", "msg1", "msg1.", ".x", "", "msg-1.x"]
        let taken = texts.filter { Self.checkPath($0) }.count
        // Every path but a parameter's is the fast reader's: 202 of the 1,292 texts when the floor was set.
        #expect(taken >= PropertyPath.all(messageCount: 12).count, "the fast reader took \(taken) of \(texts.count)")
        for text in Self.randomWords(20_000, seed: 9) { Self.checkPath(text) }
    }

    /// Every line of the acceptance scripts. The fast path takes most lines of its commands; it leaves those with
    /// a comment or a `#RRGGBB` colour (252), `!` before what it does not read or before an error (about 290), and
    /// the errors the scripts check.
    @Test func everyLineOfTheScripts() {
        let tally = Self.tally(ReaderCorpus.scriptLines)
        // When the floor was set: took 3,895 of 5,765 lines (4,519 of its commands: 86.2 %).
        #expect(tally.taken * 100 >= tally.ofItsCommands * 85, "\(tally)")
    }

    /// The fuzz corpus's lines: its scripts, and the lines its choice files make the generators write.
    @Test func everyLineOfTheFuzzCorpus() {
        let tally = Self.tally(ReaderCorpus.fuzzLines)
        // When the floor was set: took 587 of 928 lines (689 of its commands: 85.2 %).
        #expect(tally.taken * 100 >= tally.ofItsCommands * 80, "\(tally)")
    }

    /// Random lines of the language's words and odd characters, and commands' examples with a word changed.
    @Test(arguments: [1, 2] as [UInt64])
    func randomLines(seed: UInt64) {
        let random = Self.tally(ReaderCorpus.randomLines(5_000, seed: seed))
        let varied = Self.tally(ReaderCorpus.variedExamples(5_000, seed: seed))
        // When the floors were set: random 22 to 25 of 5,000, varied 264 to 272 of 5,000 (most are refused).
        #expect(random.taken >= 15, "random lines: \(random)")
        #expect(varied.taken >= 230, "varied examples: \(varied)")
    }
}
