import MailboxReports
import Testing

@testable import mailsim

/// Names with control characters, `--filter` patterns a backtracking matcher could take exponential
/// time over, and `--shard` values out of range.
@Suite struct HostileNamesTests {
    @Test func plainNamesAreShownAsTheyAre() {
        for name in ["a.mbs", "Scripts/tour/tour.mbs", "héllo ✓.mbs", "with space.mbs", "quote\"d.mbs"] {
            #expect(displayName(name) == name)
        }
    }

    @Test func controlCharactersAreQuotedAsGitDoes() {
        #expect(displayName("a\u{1B}[31m.mbs") == #""a\033[31m.mbs""#)
        #expect(displayName("a\nb.mbs") == #""a\nb.mbs""#)
        #expect(displayName("t\tq\"b\\\u{7F}.mbs") == #""t\tq\"b\\\177.mbs""#)
        #expect(displayName("c1\u{9B}.mbs") == #""c1\302\233.mbs""#)
        #expect(
            displayingName("x\u{1B}.mbs", in: "cannot read 'x\u{1B}.mbs': gone; x\u{1B}.mbs:3")
                == #"cannot read "x\033.mbs": gone; "x\033.mbs":3"#)
    }

    @Test func nestedRepetitionAndBackReferencesAreRefused() {
        for pattern in [
            "(a*)*c", "(a+)+", "((ab)*)+", "(a?){2,}", "(a|b*)*", "(?:x+y)*", "(a)\\1", "(?<n>a)\\k<n>", "(a{1,3})*"
        ] {
            #expect(PatternCost.exponential(pattern) != nil, "\(pattern)")
            #expect((try? TestSelection.regex(pattern)) == nil, "\(pattern)")
        }
        for pattern in [
            "menu", "a+b*c?", "(ab|cd)+", "(a*)?", "(a*){2}", "\\(a*\\)*", "[(a*)]*", "(?i)tour", "^Scripts/.*\\.mbs$",
            "x{2,5}"
        ] {
            #expect(PatternCost.exponential(pattern) == nil, "\(pattern)")
        }
    }

    @Test func aShardOutOfRangeSaysSo() {
        #expect((try? Shard.parse("2/4")) == Shard(index: 2, count: 4))
        for (bad, reason) in [
            ("-1/2", "K is out of range"), ("3/2", "K is out of range"), ("1/0", "N is out of range"),
            ("a/b", "write K/N")
        ] {
            do {
                _ = try Shard.parse(bad)
                Issue.record("\(bad) was accepted")
            } catch {
                #expect("\(error)".contains(reason), "\(bad): \(error)")
            }
        }
    }
}
