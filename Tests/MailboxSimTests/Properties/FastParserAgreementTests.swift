@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText
import Testing

/// The parsers' fast paths (numbers read from bytes, paths looked up by bytes) agree with the explaining
/// readers on every input they accept: same value, sign, digits; same path. What a fast path declines, the
/// explaining reader decides alone.
@Suite struct FastParserAgreementTests {
    /// Every string of up to `length` characters over `alphabet`.
    static func strings(over alphabet: [Character], upTo length: Int) -> [String] {
        var all = [""], frontier = [""]
        for _ in 0..<length {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + String($0) } }
            all += frontier
        }
        return all
    }

    /// Seeded random words of digits, signs, points, letters, exponents and a few non-ASCII characters.
    static func randomWords(_ count: Int, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        let pieces = ["0", "1", "9", "00", "123456789", "12345678901234", "123456789012345", "1234567890123456",
                      ".", "-", "+", "e", "E", "5", "e10", "inf", "nan", "x", " ", "٣", "½", "0.000000001",
                      "9007199254740993", ".5", "5.", "msg", "msg1", ".x", ".icon.alpha", "count", "view.later"]
        return (0..<count).map { _ in (0..<Int.random(in: 1...5, using: &random)).map { _ in random.pick(pieces) }.joined() }
    }

    static func checkNumber(_ text: String) {
        let fast = Array(text.utf8).withUnsafeBufferPointer { DecimalNumber.scan($0) }
        guard let fast else { return }
        guard let slow = try? DecimalNumber.parseExplaining(text[...]) else {
            Issue.record("\(quoted(text)): the fast path reads \(fast.value), the explaining one refuses it")
            return
        }
        #expect(fast.value.bitPattern == slow.value.bitPattern && fast.negative == slow.negative
                    && fast.whole == slow.whole && fast.fractionNanoseconds == slow.fractionNanoseconds
                    && fast.hasFraction == slow.hasFraction, "\(quoted(text))")
    }

    static func checkPath(_ text: String) {
        let fast = LineText.reading(text[...]) { line in
            PropertyPath.lookUp(LineText.Word(start: 0, end: line.bytes.count, column: 1), line)
        }
        guard let fast else { return }
        #expect((try? PropertyPath.parseExplaining(text[...])) == fast, "\(quoted(text))")
    }

    @Test func numbersExhaustively() {
        for text in Self.strings(over: ["0", "1", "9", "-", "+", ".", "e"], upTo: 6) { Self.checkNumber(text) }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func numbersAtRandom(seed: UInt64) {
        for text in Self.randomWords(20_000, seed: seed) { Self.checkNumber(text) }
    }

    @Test func everyPathAndItsNeighbours() {
        var texts = PropertyPath.all(messageCount: 12).map(\.name) + PropertyPath.templates
        texts += texts.flatMap { [$0 + "x", String($0.dropLast()), $0.uppercased(), "m" + $0, $0 + "."] }
        texts += ["msg0.x", "msg01.x", "msg18446744073709551616.x", "msg1", "msg1.", ".x", "", "msg-1.x"]
        for text in texts { Self.checkPath(text) }
        for text in Self.randomWords(20_000, seed: 9) { Self.checkPath(text) }
    }
}
