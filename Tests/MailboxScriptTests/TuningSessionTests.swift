import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// A `set` that cannot be taken says why, in words a person can act on, and changes
/// nothing; `help set` and `help params` list every parameter of the one table.
@Suite struct TuningSessionTests {
    static let refusals: [(lines: [String], message: String)] = [
        (
            ["set threshold.left.near 80", "set threshold.left.far 70"],
            "set threshold.left.far: the left side needs 0 < near < far ≤ 320: near (80) must be below far (70)"
        ),
        (
            ["set threshold.near 0"],
            "set threshold.near: the left side needs 0 < near < far ≤ 320: near must be above 0 (got 0)"
        ),
        (["set threshold.right.far 330"], "set threshold.right.far: '330' is out of range (0…320 pt)"),
        (
            ["set curve.snap spring 0.5"],
            "set curve.snap: write spring DAMPING RESPONSE (damping ratio above 0, response in seconds above 0)"
        ),
        (
            ["set curve.slide bouncy"],
            """
            set curve.slide: unknown curve 'bouncy': use linear, easeIn, easeOut, easeInOut, default, bezier X1 \
            Y1 X2 Y2 or spring DAMPING RESPONSE
            """
        ),
        (
            ["set curve.slide bezier 1.5 0 0.5 1"],
            "set curve.slide: a Bézier's X1 and X2 must be from 0 to 1 (time runs forward), got 1.5 and 0.5"
        ),
        (
            ["set profile mgswipe"],
            """
            set profile: unknown profile 'mgswipe' (did you mean 'mcswipe'?): the profiles are mailbox, mcswipe, \
            itemtouchhelper, swipecellkit, ios-course-mailbox, codepath-wk3-mailbox, assignment
            """
        ),
        (["set colr.red red"], "unknown parameter 'colr.red' (did you mean 'color.red'?): `params` lists them"),
        (["set elasticity 2"], "set elasticity: '2' is out of range (0…1)"),
        (["set duration.menu 0"], "set duration.menu: a duration is more than 0 and at most 3600 seconds (got '0')"),
        (
            ["set menu.release position 400"],
            "set menu.release: position '400' is out of range (0…320 pt of content.x)"
        ),
        (["tap menu", "set menu.open 200"], "set menu.open: close the menu first (tap menu, then settle)"),
        (
            ["set threshold.left.near 80", "expect param.threshold.near == 80"],
            "threshold.near differs by side: read threshold.left.near or threshold.right.near"
        ),
        (["act msg1 snooze"], "unknown action 'snooze': act takes later, list, archive, delete"),
        (["pan msg2 -10", "act msg1 archive"], "a finger is already down on msg2 (release it first)"),
        (["tap subject"], "cannot tap subject: the compose sheet is not up (compose first)")
    ]

    @Test(arguments: refusals.indices)
    func aRefusedSetSaysWhyAndChangesNothing(_ index: Int) throws {
        let (lines, message) = Self.refusals[index]
        var session = Session()
        for line in lines.dropLast() { _ = try session.execute(.line(line[...])) }
        let before = session.screen
        #expect(
            performing: { _ = try session.execute(.line(lines.last![...])) },
            throws: { ($0 as? ScriptError)?.message == message })
        #expect(session.screen == before)
    }

    @Test(arguments: ["set", "params"])
    func helpListsEveryParameter(_ command: String) throws {
        var session = Session()
        let text = try session.execute(.line("help \(command)"[...])).output.joined(separator: "\n")
        // A synopsis wider than the list is cut across lines (set profile's alternatives): compare without blanks.
        let words = text.filter { !$0.isWhitespace }
        for tunable in TunableTable.all {
            #expect(
                words.contains("set\(tunable.name)\(tunable.synopsis)".filter { !$0.isWhitespace }), "\(tunable.name)")
        }
    }

    /// `params` marks what differs from the profile: after `set profile mcswipe` nothing, then the one changed.
    @Test func paramsMarksWhatDiffersFromTheProfile() throws {
        var session = Session()
        _ = try session.execute(.line("set profile mcswipe"))
        var listing = ParameterListing(settings: session.screen.settings)
        #expect(listing.profile == .mcswipe)
        #expect(listing.differing.isEmpty)
        _ = try session.execute(.line("set duration.snap 0.5"))
        listing = ParameterListing(settings: session.screen.settings)
        #expect(listing.differing.map(\.name) == ["duration.snap"])
        let lines = try session.execute(.line("params")).output
        // The heading wraps at 80 columns, as every report does.
        let heading = lines.prefix { !$0.hasPrefix(" ") && !$0.hasPrefix("*") }.joined(separator: " ")
        #expect(heading.hasPrefix("profile mcswipe: \(Profile.mcswipe.summary); 1 parameter differs from it (*)"))
        #expect(lines.contains { $0.hasPrefix("*") && $0.contains("duration.snap") && $0.contains("0.5") })
    }
}
