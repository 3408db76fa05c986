import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2 Segmented control: later, mailbox (selected), archive; tint yellow, blue, green; the selected view
/// slides in over 0.3 s from its segment's side, the current one leaves the other way.
@Suite struct SegmentedControlTests {
    static func viewXs(_ state: MailboxState) -> [Double] { Segment.allCases.map { state.viewX(of: $0) } }

    @Test func freshControl() throws {
        let state = MailboxState()
        #expect(try state.read(.segment) == .name("mailbox") && state.read(.tint) == .color(PaletteColor.blue.color))
        #expect(Self.viewXs(state) == [-320, 0, 320])
    }

    @Test func selectingSlidesTheViews() throws {
        var state = MailboxState()
        var mark = state.timeline.total
        try state.send(.tapped(.segment(.later)))
        #expect(try state.read(.segment) == .name("later") && state.read(.tint) == .color(PaletteColor.yellow.color))
        #expect(
            state.logged(since: mark) == [
                .event(.zero, "screen", .segmentSelected(.later)),
                .animation(.zero, "view.mailbox", "view.mailbox.x", 0, 320),
                .animation(.zero, "view.later", "view.later.x", -320, 0)
            ])
        try state.advance(to: ms(150))
        let half = Self.viewXs(state)
        #expect(abs(half[0] - -160) < 1e-6 && abs(half[1] - 160) < 1e-6 && half[2] == 320)
        mark = state.timeline.total
        try state.advance(to: ms(300))
        #expect(Self.viewXs(state) == [0, 320, 320])
        #expect(state.logged(since: mark) == [.event(ms(300), "view.later", .segmentShown(.later))])
        expectRefusal(&state, .panBegan(.message(m1)), .mailboxOffScreen(.later))

        // later → archive: archive enters from the right, later leaves to the left, mailbox stays.
        try state.send(.tapped(.segment(.archive)))
        #expect(try state.read(.tint) == .color(PaletteColor.green.color))
        try state.advance(to: ms(450))
        let mid = Self.viewXs(state)
        #expect(abs(mid[0] - -160) < 1e-6 && mid[1] == 320 && abs(mid[2] - 160) < 1e-6)
        try state.advance(to: ms(600))
        #expect(Self.viewXs(state) == [-320, 320, 0])

        // archive → mailbox: mailbox enters from the left, archive leaves to the right.
        try state.send(.tapped(.segment(.mailbox)))
        try state.advance(to: ms(750))
        let back = Self.viewXs(state)
        #expect(back[0] == -320 && abs(back[1] - -160) < 1e-6 && abs(back[2] - 160) < 1e-6)
        try state.advance(to: ms(900))
        #expect(Self.viewXs(state) == [-320, 0, 320])
        #expect(try state.read(.tint) == .color(PaletteColor.blue.color))
        try state.send(.panBegan(.message(m1)))
    }

    @Test func selectingTheSelectedSegmentDoesNothing() throws {
        var state = MailboxState()
        let before = state
        try state.send(.tapped(.segment(.mailbox)))
        #expect(state == before)
    }

    @Test func theLaterAndArchiveViewsListTheirFolders() throws {
        var state = MailboxState()
        try MailboxReducerTests.swipe(&state, m2, to: 100)
        try state.advance(to: sec(1))
        #expect(try state.read(.viewMessages(.archive)) == .name("msg2"))
        #expect(try state.read(.viewMessages(.later)) == .name("none"))
    }
}
