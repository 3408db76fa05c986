import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2 Compose: a dim layer 0 → 0.6 and the sheet 568 → 80, both over 0.3, To focused; `tap cancel`
/// reverses both and focus goes to none. The sheet covers the screen meanwhile.
@Suite struct ComposeTests {
    static let covers = "the compose sheet covers the screen (type, or tap cancel)"

    @Test func composeSlidesUpAndCancelReverses() throws {
        var state = MailboxState()
        #expect(try state.read(.compose) == .name("hidden") && state.read(.composeY) == .number(568))
        #expect(try state.read(.composeDim) == .number(0) && state.read(.composeFocus) == .name("none"))

        try state.advance(to: sec(1))
        var mark = state.timeline.total
        try state.send(.tapped(.compose))
        #expect(
            state.logged(since: mark) == [
                .animation(sec(1), "compose", "compose.dim", 0, 0.6),
                .animation(sec(1), "compose", "compose.y", 568, 80)
            ])
        #expect(try state.read(.compose) == .name("moving") && state.read(.composeFocus) == .name("to"))
        expectRefusal(&state, .panBegan(.message(m1)), Self.covers)
        expectRefusal(&state, .tapped(nil), Self.covers)
        expectRefusal(&state, .tapped(.compose), Self.covers)
        expectRefusal(&state, .tapped(.menu), Self.covers)

        try state.advance(to: ms(1_150))
        #expect(abs(state.composePresentationY - 324) < 1e-6 && abs(state.composePresentationDim - 0.3) < 1e-9)
        mark = state.timeline.total
        try state.advance(to: ms(1_300))
        #expect(try state.read(.compose) == .name("shown"))
        #expect(state.composePresentationY == 80 && state.composePresentationDim == 0.6)
        #expect(state.logged(since: mark) == [.event(ms(1_300), "compose", .composeShown)])

        mark = state.timeline.total
        try state.send(.tapped(.cancel))
        #expect(try state.read(.composeFocus) == .name("none"))
        #expect(
            state.logged(since: mark) == [
                .animation(ms(1_300), "compose", "compose.dim", 0.6, 0),
                .animation(ms(1_300), "compose", "compose.y", 80, 568)
            ])
        // Still covering until it has gone.
        expectRefusal(&state, .panBegan(.message(m1))) {
            if case .covered(.compose, _) = $0 { true } else { false }
        }
        try state.advance(to: ms(1_450))
        #expect(abs(state.composePresentationY - 324) < 1e-6 && abs(state.composePresentationDim - 0.3) < 1e-9)
        try state.advance(to: ms(1_600))
        #expect(
            try state.read(.compose) == .name("hidden") && state.composePresentationY == 568
                && state.composePresentationDim == 0)
        try state.send(.panBegan(.message(m1)))
    }

    @Test func typingGoesToTheToField() throws {
        var state = MailboxState()
        expectRefusal(&state, .typed("hi"), .nothingToType)
        try state.send(.tapped(.compose))
        try state.send(.typed("bob"))
        try state.send(.typed("@example.com"))
        #expect(state.compose.to == "bob@example.com")
        #expect(try state.read(.composeTo) == .name("bob@example.com"))
    }
}
