import Foundation
import MailboxAnimation
import MailboxSim
import MailboxText
import MailsimTestSupport
import Testing

@testable import MailboxScript

/// `mailsim test --update`'s rewrite: failing expects take the actual value, nothing else in the file moves,
/// the result passes, and a second update changes nothing.
@Suite struct ExpectationUpdateTests {
    /// Runs `text` in a fresh session.
    private func run(_ text: [UInt8]) -> RunReport {
        var session = Session()
        return ScriptRunner.run(text, file: "t.mbs", session: &session)
    }

    private func update(_ text: String) -> (ExpectationUpdate, String) {
        let source = Array(text.utf8)
        let update = ExpectationUpdate(source: source, failures: run(source).failures)
        return (update, String(decoding: update.text, as: UTF8.self))
    }

    /// SPEC §2: after `pan msg1 -180` the row is at -180, yellow, with the later icon; after the release and
    /// 0.3 s it is at -320 with the reschedule overlay up.
    @Test func valuesBecomeTheActualOnesAndNothingElseMoves() {
        let script = """
            # swipe left past the first threshold
            pan msg1 -180   # a comment after two blanks
            expect  msg1.x  ==  -170   # spacing kept
            expect msg1.background == gray
            expect msg1.icon == list
            release
            advance 0.3
            expect msg1.x == -300 within 0.5
            expect msg1.x <= -400
            expect overlay == none

            """
        let (update, text) = update(script)
        #expect(
            text == """
                # swipe left past the first threshold
                pan msg1 -180   # a comment after two blanks
                expect  msg1.x  ==  -180   # spacing kept
                expect msg1.background == yellow
                expect msg1.icon == later
                release
                advance 0.3
                expect msg1.x == -320 within 0.5
                expect msg1.x <= -320
                expect overlay == reschedule

                """)
        #expect(update.changes.map(\.line) == [3, 4, 5, 8, 9, 10])
        #expect(
            update.changes[0]
                == ExpectationUpdate.Change(line: 3, path: "msg1.x", comparison: .equal, old: "-170", new: "-180"))
        #expect(update.leftAlone.isEmpty)
        let again = run(update.text)
        #expect(again.failures.isEmpty && again.error == nil)
        #expect(ExpectationUpdate(source: update.text, failures: again.failures).changes.isEmpty)
    }

    /// CRLF line ends, a byte-order mark and non-ASCII text before the value keep their bytes.
    @Test func lineEndsAndByteOrderMarkAreKept() {
        let script =
            "\u{FEFF}expect time == 1\r\npan msg1 -100\r\nexpect msg1.x == 0 # é ✓\r\nrelease\r\nexpect msg1.x == 5"
        let (update, text) = update(script)
        #expect(
            text
                == """
                \u{FEFF}expect time == 0\r\npan msg1 -100\r\nexpect msg1.x == -100 # é ✓\r\nrelease\r\nexpect \
                msg1.x == -100
                """
        )
        #expect(update.changes.count == 3)
    }

    /// Numbers are written exactly (SPEC §6): the value written reads back as the very double the screen had,
    /// so the rewritten check holds even with no tolerance to spare.
    @Test func numbersAreWrittenExactly() throws {
        let source = Array("pan msg1 -100\nrelease\nadvance 0.1\nexpect msg1.x == 0 within 0\n".utf8)
        let report = run(source)
        guard case .failed(.expectation(_, .number(let actual)))? = report.failures.first?.kind else {
            Issue.record("expected a failed expectation")
            return
        }
        #expect(actual != actual.rounded(), "a value mid-animation, with many decimals")
        let update = ExpectationUpdate(source: source, failures: report.failures)
        #expect(Double(try #require(update.changes.first).new) == actual)
        #expect(run(update.text).failures.isEmpty)
    }

    /// `!=`, `<` and `>` cannot hold with the value the screen has; a `!` line that succeeded is a question for
    /// a person: all are left alone and named, and their lines keep their bytes.
    @Test func checksNoValueCanFixAreLeftAlone() {
        let script = "expect msg1.x != 0\nexpect msg1.x < 0\nexpect time > 1\n! tap menu\nexpect msg1.x == 4\n"
        let (update, text) = update(script)
        #expect(update.leftAlone.map(\.line) == [1, 2, 3, 4])
        #expect(update.leftAlone[0].reason.contains("msg1.x != 0 cannot hold"))
        #expect(update.leftAlone[3].reason.contains("'! tap menu' succeeded"))
        #expect(text == "expect msg1.x != 0\nexpect msg1.x < 0\nexpect time > 1\n! tap menu\nexpect msg1.x == 0\n")
    }

    /// Every acceptance script, its `==` values knocked off by a seeded random amount: the update puts back
    /// values that hold, on those lines only.
    @Test func knockedOffAcceptanceScriptsComeBack() throws {
        let folder = ScriptSuiteTests.scriptsFolder
        var generator = SeededRandom(seed: 12)
        var knocked = 0
        for name in ScriptSuiteTests.scripts {
            let original = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            var lines = original.components(separatedBy: "\n")
            var changedLines = Set<Int>()
            for (index, line) in lines.enumerated() {
                let words = line.split(separator: " ", omittingEmptySubsequences: true)
                guard words.count >= 4, words[0] == "expect", words[2] == "==", let value = Double(words[3]),
                    Int.random(in: 0..<3, using: &generator) == 0
                else { continue }
                let shifted = formatExact(value + Double(Int.random(in: 1...50, using: &generator)))
                lines[index] = line.replacingOccurrences(of: " == \(words[3])", with: " == \(shifted)")
                changedLines.insert(index + 1)
            }
            guard !changedLines.isEmpty else { continue }
            knocked += changedLines.count
            let source = Array(lines.joined(separator: "\n").utf8)
            let report = run(source)
            #expect(report.error == nil, "\(name): \(report.error?.text ?? "")")
            let update = ExpectationUpdate(source: source, failures: report.failures)
            #expect(Set(update.changes.map(\.line)) == Set(report.failures.map(\.line)), "\(name)")
            #expect(Set(report.failures.map(\.line)).isSubset(of: changedLines), "\(name)")
            let after = String(decoding: update.text, as: UTF8.self).components(separatedBy: "\n")
            for (index, line) in after.enumerated() where !changedLines.contains(index + 1) {
                #expect(line == lines[index], "\(name):\(index + 1) moved")
            }
            let again = run(update.text)
            #expect(again.failures.isEmpty && again.error == nil, "\(name): \(again.problems.map(\.text))")
        }
        #expect(knocked > 50)
    }
}
