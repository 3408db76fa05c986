import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2 Shake to undo: with something to undo, the alert "Undo last action?" (cancel, undo); `tap undo`
/// brings the last archived, deleted, later or list message back to its old place: height 0 → 86, rows below
/// down 86, x ±320 → 0, all over 0.3 s. Undo is a stack.
@Suite struct UndoTests {
    static let alertCovers = "the undo alert covers the screen (tap cancel or tap undo)"

    @Test func nothingToUndoShowsNoAlert() throws {
        var state = MailboxState()
        let before = state
        try state.send(.shaken)
        #expect(state.alert == nil && state == before)
        expectRefusal(&state, .tapped(.undo), .cannotTap(.undo, .noUndoAlert))
        #expect(Alert.undo.title == "Undo last action?" && Alert.undo.buttons == [.cancel, .undo])
    }

    @Test func undoBringsAnArchivedMessageBack() throws {
        var state = MailboxState()
        try MailboxReducerTests.swipe(&state, m2, to: 100)  // archived at 0.7
        try state.advance(to: sec(1))
        #expect(state.rows[1].folder == .archive && state.y(of: m3) == 230)

        var mark = state.timeline.total
        try state.send(.shaken)
        #expect(try state.read(.alert) == .name("undo"))
        #expect(state.logged(since: mark) == [.event(sec(1), "screen", .alertShown(.undo))])
        expectRefusal(&state, .panBegan(.message(m1)), Self.alertCovers)
        expectRefusal(&state, .shaken, Self.alertCovers)
        expectRefusal(&state, .tapped(nil), Self.alertCovers)

        let record = UndoRecord(message: m2, folder: .archive, side: 1, snooze: nil, list: nil)
        mark = state.timeline.total
        try state.send(.tapped(.undo))
        #expect(state.alert == nil && state.rows[1].folder == .inbox && state.undoStack.isEmpty)
        #expect(
            state.logged(since: mark) == [
                .event(sec(1), "screen", .alertDismissed(.undo, .undo)),
                .event(sec(1), "msg2", .undoing(record)),
                .animation(sec(1), "msg2", "msg2.height", 0, 86),
                .animation(sec(1), "msg2", "msg2.x", 320, 0)
            ])
        try state.advance(to: ms(1_150))
        #expect(abs(state.height(of: m2) - 43) < 1e-6 && abs(state.x(of: m2) - 160) < 1e-6)
        #expect(abs(state.y(of: m3) - 273) < 1e-6 && abs(state.y(of: m5) - 445) < 1e-6)
        mark = state.timeline.total
        try state.advance(to: ms(1_300))
        #expect(state.height(of: m2) == 86 && state.x(of: m2) == 0 && state.y(of: m2) == 230 && state.y(of: m3) == 316)
        #expect(state.icon(of: m2) == .none && state.background(of: m2) == .gray)
        #expect(state.count(in: .inbox) == 5 && state.count(in: .archive) == 0 && !state.isAnimating)
        #expect(state.logged(since: mark) == [.event(ms(1_300), "msg2", .messageRestored)])
        try state.send(.panBegan(.message(m2)))
    }

    @Test func undoIsAStack() throws {
        var state = MailboxState()
        try MailboxReducerTests.swipe(&state, m1, to: 100)  // archive
        try state.advance(to: sec(1))
        try MailboxReducerTests.swipe(&state, m3, to: 300)  // delete
        try state.advance(to: sec(2))
        try MailboxReducerTests.swipe(&state, m5, to: -100)  // later, with an option
        try state.advance(to: sec(3))
        try state.send(.chose("next-week"))
        try state.advance(to: sec(4))
        #expect(state.undoStack.map(\.message) == [m1, m3, m5])
        #expect(state.rows[4].snooze == "next-week")

        try state.send(.shaken)
        try state.send(.tapped(.undo))
        #expect(state.rows[4].folder == .inbox && state.rows[4].snooze == nil)
        try state.advance(to: ms(4_150))
        #expect(abs(state.x(of: m5) - -160) < 1e-6)  // from the left, the side it left by
        try state.advance(to: sec(5))

        try state.send(.shaken)
        try state.send(.tapped(.undo))
        #expect(state.rows[2].folder == .inbox && state.count(in: .trash) == 0)
        try state.advance(to: ms(5_150))
        #expect(abs(state.x(of: m3) - 160) < 1e-6)
        try state.advance(to: sec(6))

        // Cancel leaves the stack alone.
        try state.send(.shaken)
        try state.send(.tapped(.cancel))
        #expect(state.alert == nil && state.undoStack.map(\.message) == [m1])
        try state.send(.shaken)
        try state.send(.tapped(.undo))
        try state.advance(to: sec(7))
        #expect(state.undoStack.isEmpty && state.count(in: .inbox) == 5)
        #expect([m1, m2, m3, MessageID(4), m5].map { state.y(of: $0) } == [144, 230, 316, 402, 488])
        try state.send(.shaken)
        #expect(state.alert == nil)
    }
}
