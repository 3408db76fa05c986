import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §5: every path `expect` and `show` read, with its value on a fresh screen (SPEC §1–§2).
@Suite struct PropertyPathTests {
    static let fresh: [(String, String)] = [
        ("time", "0"), ("animating", "false"), ("gesture", "none"),
        ("msg1.x", "0"), ("msg1.y", "144"), ("msg2.y", "230"), ("msg5.y", "488"), ("msg1.height", "86"),
        ("msg1.alpha", "1"), ("msg1.background", "gray"), ("msg3.background", "#B2B2B2"), ("msg1.icon", "none"),
        ("msg1.icon.alpha", "0"), ("msg1.folder", "inbox"), ("msg1.visible", "true"),
        ("msg1.snooze", "none"), ("msg1.list", "none"),
        ("overlay", "none"), ("overlay.alpha", "0"),
        ("menu", "closed"), ("content.x", "0"),
        ("compose", "hidden"), ("compose.y", "568"), ("compose.dim", "0"), ("compose.focus", "none"),
        ("segment", "mailbox"), ("tint", "blue"), ("tint", "#44aad2"),
        ("view.later.x", "-320"), ("view.mailbox.x", "0"), ("view.archive.x", "320"),
        ("alert", "none"),
        ("inbox.count", "5"), ("later.count", "0"), ("list.count", "0"), ("archive.count", "0"),
        ("trash.count", "0"), ("undo.count", "0")
    ]

    @Test(arguments: fresh)
    func freshScreen(_ path: String, _ value: String) throws {
        var session = Session()
        let outcome = try session.execute(.line("expect \(path) == \(value)"[...]))
        #expect(outcome.check != nil)
        #expect(outcome.failure == nil)
    }

    @Test(arguments: fresh)
    func theOppositeFails(_ path: String, _ value: String) throws {
        var session = Session()
        let outcome = try session.execute(.line("expect \(path) != \(value)"[...]))
        guard case let .expectation(expectation, actual)? = outcome.failure else {
            Issue.record("expect \(path) != \(value) held on a fresh screen")
            return
        }
        #expect(expectation.path.name == path && expectation.comparison == .notEqual)
        #expect(actual == (try session.screen.read(PropertyPath.parse(path[...]))))
    }

    @Test func namesRoundTrip() throws {
        for path in PropertyPath.all(messageCount: 3) {
            #expect(try PropertyPath.parse(path.name[...]) == path)
        }
        #expect(try PropertyPath.parse("msg12.icon.alpha") == .message(MessageID(12), .iconAlpha))
        #expect(try PropertyPath.parse("trash.count") == .count(.trash))
    }

    @Test func aPathOnAMessageThatDoesNotExistIsAnError() {
        var session = Session(messageCount: 3)
        #expect(throws: ScriptError.model(.noSuchMessage(MessageID(4), count: 3))) {
            try session.execute(.line("expect msg4.x == 0"))
        }
    }

    @Test func showPrintsAViewsProperties() throws {
        var session = Session()
        let lines = try session.execute(.line("show msg1.icon")).output
        #expect(lines.count == 3)
        #expect(lines.contains { $0.hasPrefix("msg1.icon ") && $0.hasSuffix("= none") })
        #expect(lines.contains { $0.hasPrefix("msg1.icon.alpha") && $0.hasSuffix("= 0") })
        #expect(lines.contains { $0.hasPrefix("msg1.icon.x") })
        let all = try session.execute(.line("show msg2")).output
        #expect(all.count == PropertyPath.MessageField.allCases.count)
        #expect(all.contains { $0.hasPrefix("msg2.y") && $0.hasSuffix("= 230") })
    }
}
