import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2 Menu: an edge pan drags `content.x` (clamped 0…320); release goes the finger's way: velocity > 0
/// to 280 (open), < 0 to 0, 0 to the nearer end; 0.4 s. `pan content` drags the open menu; `tap menu` toggles.
@Suite struct MenuTests {
    static let menuCovers = "the open menu covers the screen (pan content or tap menu to close it)"

    static func contentX(_ state: MailboxState) -> Double { state.contentPresentationX }

    @Test func edgePanRevealsAndReleaseKeepsOpening() throws {
        var state = MailboxState()
        #expect(try state.read(.menu) == .name("closed") && state.read(.contentX) == .number(0))
        var mark = state.timeline.total
        try state.send(.panBegan(.edge))
        #expect(try state.read(.gesture) == .name("edgepan") && state.read(.menu) == .name("moving"))
        #expect(state.logged(since: mark) == [.event(.zero, "content", .gestureBegan(kind: .edgepan, value: 0))])

        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: 400))
        #expect(Self.contentX(state) == 320)  // clamped
        try state.advance(to: ms(200))
        try state.send(.panChanged(translation: 200))
        #expect(Self.contentX(state) == 200)
        try state.advance(to: ms(300))
        try state.send(.panChanged(translation: -50))
        #expect(Self.contentX(state) == 0)  // clamped
        try state.advance(to: ms(400))
        try state.send(.panChanged(translation: 100))
        #expect(Self.contentX(state) == 100)

        // The last movement went right: the menu keeps opening, from 100, over 0.4 s.
        mark = state.timeline.total
        try state.send(.released(velocity: nil))
        #expect(try state.gesture == nil && state.read(.gesture) == .name("none"))
        #expect(
            state.logged(since: mark) == [
                .event(ms(400), "content", .gestureEnded(value: 100, velocity: 1500, outcome: .menu(opening: true))),
                .animation(ms(400), "content", "content.x", 100, 280, over: ms(400))
            ])
        try state.advance(to: ms(600))
        #expect(abs(Self.contentX(state) - 190) < 1e-6)
        #expect(try state.read(.menu) == .name("moving"))
        mark = state.timeline.total
        try state.advance(to: ms(800))
        #expect(try Self.contentX(state) == 280 && state.read(.menu) == .name("open"))
        #expect(state.logged(since: mark) == [.event(ms(800), "content", .menuOpened)])

        // The open menu covers the mailbox.
        expectRefusal(&state, .panBegan(.message(m1)), Self.menuCovers)
        expectRefusal(&state, .panBegan(.edge), Self.menuCovers)
        expectRefusal(&state, .tapped(.compose), Self.menuCovers)
        expectRefusal(&state, .shaken, Self.menuCovers)
    }

    @Test(arguments: [
        // (x at release, velocity, where the content goes)
        (200.0, 1.0, 280.0), (200, -1, 0), (20, 500, 280), (300, -500, 0), (320, 10, 280),
        (141, 0, 280), (139, 0, 0), (0.5, 0, 0), (279, 0, 280)
    ])
    func releaseGoesTheFingersWayOrToTheNearerEnd(_ x: Double, _ velocity: Double, _ target: Double) throws {
        var state = MailboxState()
        try state.send(.panBegan(.edge))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: x))
        try state.send(.released(velocity: velocity))
        try state.advance(to: ms(300))
        #expect(abs(Self.contentX(state) - (x + target) / 2) < 1e-6, "half way at 0.2 of 0.4 s")
        try state.advance(to: ms(500))
        #expect(Self.contentX(state) == target)
        #expect(try state.read(.menu) == .name(target == 280 ? "open" : "closed"))
        #expect(!state.isAnimating)
    }

    @Test func panContentDragsTheOpenMenu() throws {
        var state = MailboxState()
        try state.send(.tapped(.menu))
        try state.advance(to: sec(1))
        #expect(try state.read(.menu) == .name("open"))

        try state.send(.panBegan(.content))
        #expect(try state.gesture?.origin == 280 && state.read(.gesture) == .name("pan"))
        try state.advance(to: ms(1_100))
        try state.send(.panChanged(translation: -100))
        #expect(Self.contentX(state) == 180)
        try state.send(.released(velocity: 0))  // 180 is nearer 280
        try state.advance(to: ms(1_500))
        #expect(Self.contentX(state) == 280)

        try state.send(.panBegan(.content))
        try state.advance(to: ms(1_600))
        try state.send(.panChanged(translation: -20))
        try state.send(.released(velocity: -300))  // moving left: closes
        try state.advance(to: sec(3))
        #expect(try Self.contentX(state) == 0 && state.read(.menu) == .name("closed"))
        expectRefusal(&state, .panBegan(.content), .menuClosed)
    }

    @Test func tapMenuToggles() throws {
        var state = MailboxState()
        var mark = state.timeline.total
        try state.send(.tapped(.menu))
        #expect(state.logged(since: mark) == [.animation(.zero, "content", "content.x", 0, 280, over: ms(400))])
        try state.advance(to: ms(200))
        #expect(abs(Self.contentX(state) - 140) < 1e-6)
        try state.advance(to: ms(400))
        #expect(try Self.contentX(state) == 280 && state.read(.menu) == .name("open"))
        mark = state.timeline.total
        try state.send(.tapped(.menu))
        #expect(state.logged(since: mark) == [.animation(ms(400), "content", "content.x", 280, 0, over: ms(400))])
        try state.advance(to: ms(800))
        #expect(try Self.contentX(state) == 0 && state.read(.menu) == .name("closed"))
        // With the menu closed again, rows can be swiped.
        try state.send(.panBegan(.message(m1)))
    }
}
