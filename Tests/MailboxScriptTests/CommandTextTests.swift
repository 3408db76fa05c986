import Foundation
import MailboxText
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim

/// The one printer of commands (`Command.scriptLine`): every command printed reads back as itself, and the lines
/// the playground writes are byte for byte those it wrote as text before it built commands.
@Suite struct CommandTextTests {
    static func parse(_ line: String) -> Command? { try? Parser.parse(line[...]) }

    /// Every line of every script under Scripts/ that reads as a command, printed and read again.
    @Test func everyScriptLineReadsBackAsItsCommand() throws {
        var checked = 0
        for name in ScriptSuiteTests.scripts {
            let text = try String(
                contentsOf: ScriptSuiteTests.scriptsFolder.appendingPathComponent(name), encoding: .utf8)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                guard let command = CommandTextTests.parse(String(line)) else { continue }
                // Its error may name a column of the line as written.
                if case .mustFail(.invalid, _) = command { continue }
                let printed = command.scriptLine
                #expect(CommandTextTests.parse(printed) == command, "\(name): \(line) printed as \(printed)")
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    /// The playground's commands, printed as it wrote them as text.
    @Test func playgroundLinesAreTheTextsItWrote() {
        let cases: [(Command, String)] = [
            (
                .pan(.message(MessageID(1)), translation: -120.5, duration: .milliseconds(17)),
                "pan msg1 -120.5 in 0.017"
            ),
            (.pan(.content, translation: 40, duration: .milliseconds(1000)), "pan content 40 in 1"),
            (.edgePan(translation: 200.25, duration: .milliseconds(16)), "edgepan 200.25 in 0.016"),
            (.pan(.message(MessageID(3)), translation: 0.1, duration: nil), "pan msg3 0.1"),
            (.advance(.milliseconds(2500)), "advance 2.5"),
            (.advance(Ticks(nanoseconds: 16_667_000)), "advance 0.016667"),
            (.release(velocity: -812.3456), "release -812.3456"),
            (.release(velocity: 0), "release 0"),
            (.tap(.compose), "compose"),
            (.tap(.cancel), "tap cancel"),
            (.tap(.segment(.archive)), "tap segment archive"),
            (.tap(.field(.subject)), "tap subject"),
            (.tap(nil), "tap"),
            (.choose("tomorrow"), "choose tomorrow"),
            (.shake, "shake"),
            (.reset(messages: nil), "reset"),
            (.reset(messages: 500), "reset 500"),
            (.type("hello world"), "type hello world")
        ]
        for (command, line) in cases {
            #expect(command.scriptLine == line)
            #expect(CommandTextTests.parse(line) == command, "\(line)")
        }
    }

    /// `type TEXT` is written bare exactly when the bare line reads back as TEXT, and quoted (reading back) otherwise;
    /// a whole quoted word inside the text (`a "b" c`, which no one can type key by key: `a "` does not read) is
    /// quoted too, to be safe.
    @Test func typedTextReadsBack() {
        let texts = [
            "a", "hello world", "a#b", "#b c", "a \"b", "\"a", "a #", "a # b", " a", "a ", "a\tb",
            "\u{7}", "a\u{200B}b", "naïve café", "x  y", "#", "\"", "a\"", "e\u{301}", " \u{301}", "a \u{301}"
        ]
        for text in texts + ["a \"b\" c"] {
            let bare = CommandTextTests.parse("type " + text) == .type(text)
            if texts.contains(text) {
                #expect(Command.typesBare(text) == bare, "\(text.debugDescription)")
            } else {
                #expect(!Command.typesBare(text) && bare, "\(text.debugDescription)")
            }
            #expect(CommandTextTests.parse(Command.type(text).scriptLine) == .type(text), "\(text.debugDescription)")
        }
    }

    /// Built commands meet the bounds a parsed line meets, refused in the same words.
    @Test func builtCommandsAreHeldToTheTablesBounds() {
        let commands: [Command] = [
            .pan(.message(MessageID(1)), translation: 1e7, duration: .milliseconds(10)),
            .edgePan(translation: 10, duration: Ticks(seconds: 1e6)),
            .release(velocity: -1e9),
            .advance(Ticks(seconds: 1e12)),
            .reset(messages: 0)
        ]
        for command in commands {
            var session = Session(interactive: true)
            var lineError: ScriptError?
            do { _ = try Parser.parse(command.scriptLine[...]) } catch { lineError = error }
            #expect(lineError != nil, "\(command.scriptLine)")
            do {
                _ = try session.execute(.command(command), isCancelled: { false })
                Issue.record("\(command.scriptLine) ran")
            } catch {
                #expect(error == lineError)
            }
        }
    }
}
