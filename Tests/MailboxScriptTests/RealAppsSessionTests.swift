import MailsimTestSupport
import Testing

@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim

/// What the seed apps' profiles print and refuse, and the rules read through lines.
@Suite struct RealAppsSessionTests {
    static func run(_ lines: [String]) throws -> (session: Session, output: [String]) {
        var session = Session()
        var output: [String] = []
        for line in lines { output = try session.execute(.line(line[...])).output }
        return (session, output)
    }

    /// A delayed hide is logged when it is asked for, with its delay; the JSON says it too.
    @Test func aDelayedAnimationSaysAfter() throws {
        let (session, output) = try Self.run([
            "set profile ios-course-mailbox", "pan msg1 100", "release", "settle", "timeline msg1"
        ])
        #expect(output.contains { $0.contains("msg1.height 86 → 0 over 0.4s easeInOut after 0.2s") }, "\(output)")
        let entry = try #require(session.screen.timeline.entries.first { $0.delay > .zero })
        #expect(JSONRenderer.entry(entry).text.contains("\"delay\":0.2"))
        // SPEC's timeline says nothing of delays.
        let (_, spec) = try Self.run(["pan msg1 100", "release", "settle", "timeline msg1"])
        #expect(!spec.contains { $0.contains("after") })
    }

    /// A profile that moves where the open menu rests waits for the menu to be closed, as `set menu.open` does;
    /// one that leaves it alone does not.
    @Test func aProfileThatMovesTheOpenMenuWaitsForItToClose() throws {
        var (session, _) = try Self.run(["tap menu", "settle"])
        #expect(throws: ScriptError.self) { _ = try session.execute(.line("set profile ios-course-mailbox")) }
        #expect(session.screen.settings.profile == .mailbox)
        _ = try session.execute(.line("set profile mcswipe"))
        #expect(session.screen.settings.profile == .mcswipe)
    }

    /// `help set profile` names every profile's source and every number it sets; `params` names the source.
    @Test func helpSetProfileCitesEveryNumber() throws {
        let (_, help) = try Self.run(["help set profile"])
        let text = help.joined(separator: " ").replacingOccurrences(of: "  ", with: " ")
        for profile in Profile.allCases {
            #expect(text.contains("\(profile.rawValue): "), "\(profile)")
            for setting in profile.settings {
                #expect(text.contains("set \(setting.parameter) \(setting.value):"), "\(setting.parameter)")
            }
        }
        let (_, params) = try Self.run(["set profile codepath-wk3-mailbox", "params"])
        #expect(params.prefix(4).joined(separator: " ").contains("yinanq/CodePath-wk3-Mailbox"))
    }

    /// `undo.depth 1` keeps the last action only.
    @Test func undoDepthKeepsTheLastActions() throws {
        let (session, _) = try Self.run([
            "set undo.depth 1", "pan msg1 100", "release", "settle", "pan msg2 100", "release", "settle"
        ])
        #expect(session.screen.undoStack.map(\.message) == [MessageID(2)])
    }
}
