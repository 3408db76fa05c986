import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// The reducer, in the style of the Composable Architecture's tests: start from `MailboxState()`, send
/// actions, and state exactly what changes at each step (SPEC §2 and §3).
@Suite struct MailboxReducerTests {
    /// Finger down on `id` now, moved to `x` 0.1 s later, lifted with the last sampled velocity.
    static func swipe(_ state: inout MailboxState, _ id: MessageID, to x: Double) throws {
        try state.send(.panBegan(.message(id)))
        try state.advance(to: state.now + ms(100))
        try state.send(.panChanged(translation: x))
        try state.send(.released(velocity: nil))
    }

    // MARK: The fresh screen

    @Test func freshScreen() {
        let state = MailboxState()
        #expect(state.now == .zero)
        #expect(state.rows.map(\.id) == [m1, m2, m3, MessageID(4), m5])
        #expect(
            state.rows.allSatisfy {
                $0.x == 0 && $0.height == 86 && $0.folder == .inbox && $0.latch == nil && $0.visible
            })
        #expect([m1, m2, m3, MessageID(4), m5].map { state.y(of: $0) } == [144, 230, 316, 402, 488])
        #expect(state.gesture == nil && state.overlay == nil && !state.isAnimating)
        #expect(state.count(in: .inbox) == 5 && state.undoStack.isEmpty)
        #expect(state.timeline.entries.isEmpty && state.timeline.total == 0)  // SPEC §4: an empty timeline
        #expect(MailboxState(messageCount: 500).messageCount == 500)
        #expect(MailboxState(messageCount: 500).y(of: MessageID(500)) == 144 + 499 * 86)
    }

    // MARK: The whole state after each action (TCA-style)

    /// A right swipe to archive, asserting the whole state after every action: what changes is written out
    /// from SPEC's numbers (the animations by their from, to, start, 0.3 s and easeInOut), everything else
    /// must stay as it was.
    @Test func archiveAssertingTheWholeState() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1))) {
            $0.gestureCount = 1
            $0.gesture = PanGesture(target: .message(m1), origin: 0, lastSample: .zero)
            $0.expectLog(.view(.row(m1)), .gestureBegan(kind: .pan, value: 0))
        }
        try state.send(.clockAdvanced(to: ms(100))) { $0.now = ms(100) }
        try state.send(.panChanged(translation: 100)) {
            $0.gesture?.translation = 100
            $0.gesture?.velocity = 1000  // 100 pt in 0.1 s
            $0.gesture?.lastSample = ms(100)
            $0.rows[0].x = 100
            $0.expectLog(.view(.row(m1)), .thresholdCrossed(from: .rest, to: .archive, x: 100))
        }
        try state.send(.released(velocity: nil)) {
            $0.gesture = nil
            $0.rows[0].x = 320
            $0.rows[0].latch = .archive
            $0.expectLog(.view(.row(m1)), .gestureEnded(value: 100, velocity: 1000, outcome: .row(.hide(to: .archive))))
            $0.expectAnimation(
                PropertyKey(.row(m1), .x), from: 100, to: 320,
                then: .slideOutEnded(m1, .hide(to: .archive)))
        }
        // At 0.4 s the slide ends and the hide starts: the height 86 → 0 over 0.3 s.
        try state.send(.clockAdvanced(to: ms(400))) {
            $0.now = ms(400)
            $0.animator.remove(PropertyKey(.row(m1), .x))
            let record = UndoRecord(message: m1, folder: .archive, side: 1, snooze: nil, list: nil)
            $0.rows[0].height = 0
            $0.heights.change(0, from: 86, to: 0)
            $0.expectAnimation(PropertyKey(.row(m1), .height), from: 86, to: 0, then: .hideEnded(record))
        }
        // At 0.7 s the message is in the archive and can be undone.
        try state.send(.clockAdvanced(to: ms(700))) {
            $0.now = ms(700)
            $0.animator.remove(PropertyKey(.row(m1), .height))
            let record = UndoRecord(message: m1, folder: .archive, side: 1, snooze: nil, list: nil)
            $0.move(m1, to: .archive)  // the row's folder and the folder counts
            $0.undoStack = [record]
            $0.expectLog(.view(.row(m1)), .messageHidden(.archive))
        }
        #expect(state.y(of: m2) == 144)
    }

    // MARK: Left swipe → reschedule options → tap

    @Test func leftSwipeToRescheduleThenTap() throws {
        var state = MailboxState()

        // Finger down on msg1.
        var mark = state.timeline.total
        try state.send(.panBegan(.message(m1)))
        #expect(
            state.gesture == PanGesture(target: .message(m1), origin: 0, translation: 0, velocity: 0, lastSample: .zero)
        )
        #expect(state.gestureCount == 1)
        #expect(state.logged(since: mark) == [.event(.zero, "msg1", .gestureBegan(kind: .pan, value: 0))])

        // 0.05 s later at −30: gray, later icon fading in, pinned at 290. Not a threshold crossing.
        try state.advance(to: ms(50))
        mark = state.timeline.total
        try state.send(.panChanged(translation: -30))
        #expect(state.rows[0].x == -30 && state.x(of: m1) == -30)
        #expect(state.gesture?.translation == -30 && state.gesture?.lastSample == ms(50))
        #expect(abs(state.gesture!.velocity - -600) < 1e-6)
        #expect(state.background(of: m1) == .gray && state.icon(of: m1) == .later)
        #expect(state.iconAlpha(of: m1) == 0.5 && state.iconX(of: m1) == 290)
        #expect(state.logged(since: mark).isEmpty)

        // At 0.1 s at −100: yellow; the crossing is logged.
        try state.advance(to: ms(100))
        mark = state.timeline.total
        try state.send(.panChanged(translation: -100))
        let velocity = state.gesture!.velocity
        #expect(abs(velocity - -1400) < 1e-6)
        #expect(state.background(of: m1) == .yellow && state.icon(of: m1) == .later)
        #expect(state.iconAlpha(of: m1) == 1 && state.iconX(of: m1) == 250)
        #expect(
            state.logged(since: mark) == [
                .event(ms(100), "msg1", .thresholdCrossed(from: .laterPeek, to: .later, x: -100))
            ])

        // Release: the row slides to −320 over 0.3 s, the background latched yellow.
        mark = state.timeline.total
        try state.send(.released(velocity: nil))
        #expect(state.gesture == nil)
        #expect(state.rows[0].latch == .later)
        #expect(state.rows[0].x == -320)
        #expect(state.x(of: m1) == -100)
        #expect(state.isAnimating)
        #expect(
            state.logged(since: mark) == [
                .event(
                    ms(100), "msg1",
                    .gestureEnded(value: -100, velocity: velocity, outcome: .row(ReleaseOutcome.options(.reschedule)))),
                .animation(ms(100), "msg1", "msg1.x", -100, -320)
            ])

        // Half way (0.25 s): −210 on the easeInOut curve, still yellow; the icon follows at 350 + x.
        try state.advance(to: ms(250))
        #expect(abs(state.x(of: m1) - -210) < 1e-6)
        #expect(state.background(of: m1) == .yellow && state.icon(of: m1) == .later)
        #expect(abs(state.iconX(of: m1) - 140) < 1e-6)
        #expect(state.overlay == nil)

        // Jump far ahead: the overlay appeared at 0.4 exactly and faded in by 0.7.
        mark = state.timeline.total
        try state.advance(to: sec(10))
        #expect(state.now == sec(10))
        #expect(state.x(of: m1) == -320 && state.iconX(of: m1) == 30)
        #expect(state.overlay?.kind == .reschedule && state.overlay?.message == m1 && state.overlay?.dismissal == nil)
        #expect(state.overlayPresentationAlpha == 1)
        #expect(try state.read(.overlay) == .name("reschedule") && state.read(.overlayAlpha) == .number(1))
        #expect(!state.isAnimating)
        #expect(state.rows[0].folder == .inbox)
        #expect(
            state.logged(since: mark) == [
                .event(ms(400), "overlay", .overlayShown(.reschedule)),
                .animation(ms(400), "overlay", "overlay.alpha", 0, 1)
            ])

        // The overlay covers the screen.
        let covered = "the reschedule options cover the screen (tap to dismiss, choose an option, or tap cancel)"
        expectRefusal(&state, .panBegan(.message(m2)), covered)
        expectRefusal(&state, .panBegan(.message(m1)), covered)
        expectRefusal(&state, .released(velocity: nil), .noFingerDown)
        expectRefusal(&state, .tapped(.undo), covered)

        // A bare tap dismisses it: fade out over 0.3 s.
        mark = state.timeline.total
        try state.send(.tapped(nil))
        #expect(state.overlay?.dismissal == .finish(option: nil))
        #expect(
            state.logged(since: mark) == [
                .event(sec(10), "overlay", .overlayDismissed(.reschedule, .finish(option: nil))),
                .animation(sec(10), "overlay", "overlay.alpha", 1, 0)
            ])
        expectRefusal(&state, .tapped(nil), .overlayClosing(.reschedule))
        expectRefusal(&state, .chose("tomorrow"), .overlayClosing(.reschedule))
        expectRefusal(&state, .tapped(.cancel), .overlayClosing(.reschedule))
        expectRefusal(
            &state, .panBegan(.message(m2)),
            "the reschedule options cover the screen (they are fading out; advance 0.3)")

        try state.advance(to: ms(10_150))
        #expect(abs(state.overlayPresentationAlpha - 0.5) < 1e-9)

        // Gone at 10.3; the row collapses 86 → 0 over 0.3 s and the rows below follow it up.
        mark = state.timeline.total
        try state.advance(to: ms(10_450))
        #expect(state.overlay == nil)
        #expect(abs(state.height(of: m1) - 43) < 1e-6)
        #expect(abs(state.y(of: m2) - 187) < 1e-6)
        #expect(abs(state.y(of: m5) - 445) < 1e-6)
        #expect(state.rows[0].folder == .inbox)
        expectRefusal(&state, .panBegan(.message(m1)), .messageLeaving(m1))
        #expect(
            state.logged(since: mark) == [
                .event(ms(10_300), "overlay", .overlayGone(.reschedule)),
                .animation(ms(10_300), "msg1", "msg1.height", 86, 0)
            ])

        // Hidden at 10.6 exactly: msg1 is in later.
        mark = state.timeline.total
        try state.advance(to: ms(10_600))
        #expect(state.rows[0].folder == .later && !state.rows[0].visible)
        #expect(state.height(of: m1) == 0 && state.x(of: m1) == -320)
        #expect(state.y(of: m1) == 144 && state.y(of: m2) == 144 && state.y(of: m5) == 402)
        #expect(state.count(in: .inbox) == 4 && state.count(in: .later) == 1)
        #expect(state.messages(in: .later) == [m1])
        #expect(state.undoStack == [UndoRecord(message: m1, folder: .later, side: -1, snooze: nil, list: nil)])
        #expect(state.rows[0].snooze == nil)
        #expect(!state.isAnimating)
        #expect(state.logged(since: mark) == [.event(ms(10_600), "msg1", .messageHidden(.later))])
        #expect(try state.read(.message(m1, .visible)) == .bool(false))
        #expect(try state.read(.message(m1, .folder)) == .name("later"))
        #expect(try state.read(.count(.later)) == .number(1) && state.read(.undoCount) == .number(1))
        expectRefusal(&state, .panBegan(.message(m1)), .messageNotVisible(m1, .later))

        // Every entry belongs to the one gesture (a fresh screen's timeline is empty).
        #expect(!state.timeline.entries.isEmpty && state.timeline.entries.allSatisfy { $0.gesture == 1 })
    }

    // MARK: Choose, list, cancel

    @Test func chooseRecordsTheOptionAndHidesIntoLater() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -100)
        try state.advance(to: sec(1))
        expectRefusal(&state, .chose("tomorow"), .unknownOption("tomorow", .reschedule, suggestion: "tomorrow"))
        expectRefusal(&state, .chose("to-read"), .unknownOption("to-read", .reschedule, suggestion: nil))
        #expect(
            MailboxError.unknownOption("tomorow", .reschedule, suggestion: "tomorrow").message
                == """
                unknown option 'tomorow' on the reschedule options (did you mean 'tomorrow'?); they offer \
                later-today, this-evening, tomorrow, this-weekend, next-week, in-a-month, someday
                """
        )

        let mark = state.timeline.total
        try state.send(.chose("tomorrow"))
        #expect(state.rows[0].snooze == "tomorrow")
        #expect(state.overlay?.dismissal == .finish(option: "tomorrow"))
        try state.advance(to: sec(100))
        #expect(
            state.logged(since: mark) == [
                .event(sec(1), "overlay", .overlayDismissed(.reschedule, .finish(option: "tomorrow"))),
                .animation(sec(1), "overlay", "overlay.alpha", 1, 0),
                .event(ms(1_300), "overlay", .overlayGone(.reschedule)),
                .animation(ms(1_300), "msg1", "msg1.height", 86, 0),
                .event(ms(1_600), "msg1", .messageHidden(.later))
            ])
        #expect(state.rows[0].folder == .later && state.rows[0].snooze == "tomorrow" && state.rows[0].list == nil)
        #expect(try state.read(.message(m1, .snooze)) == .name("tomorrow"))
        #expect(try state.read(.message(m2, .snooze)) == .name("none"))
        // The undo record keeps the options from before the choice.
        #expect(state.undoStack == [UndoRecord(message: m1, folder: .later, side: -1, snooze: nil, list: nil)])
    }

    @Test func farLeftSwipeShowsTheListOptions() throws {
        var state = MailboxState()
        try Self.swipe(&state, m2, to: -300)
        #expect(state.background(of: m2) == .brown && state.icon(of: m2) == .list)
        try state.advance(to: sec(1))
        #expect(state.overlay?.kind == .list && state.overlay?.message == m2)
        expectRefusal(&state, .chose("to-reed"), .unknownOption("to-reed", .list, suggestion: "to-read"))
        expectRefusal(&state, .chose("tomorrow"), .unknownOption("tomorrow", .list, suggestion: nil))
        try state.send(.chose("to-read"))
        try state.advance(to: sec(2))
        #expect(state.rows[1].folder == .list && state.rows[1].list == "to-read" && state.rows[1].snooze == nil)
        #expect(state.count(in: .list) == 1 && state.count(in: .inbox) == 4)
        #expect(state.y(of: m3) == 230 && state.y(of: m1) == 144)
        #expect(state.background(of: m2) == .brown)
        #expect(state.undoStack == [UndoRecord(message: m2, folder: .list, side: -1, snooze: nil, list: nil)])
    }

    @Test func tapCancelSlidesTheMessageBack() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -100)
        try state.advance(to: sec(1))
        var mark = state.timeline.total
        try state.send(.tapped(.cancel))
        #expect(state.overlay?.dismissal == .cancel)
        #expect(
            state.logged(since: mark) == [
                .event(sec(1), "overlay", .overlayDismissed(.reschedule, .cancel)),
                .animation(sec(1), "overlay", "overlay.alpha", 1, 0)
            ])
        mark = state.timeline.total
        try state.advance(to: ms(1_450))
        #expect(state.overlay == nil)
        #expect(abs(state.x(of: m1) - -160) < 1e-6)
        #expect(state.background(of: m1) == .yellow && state.icon(of: m1) == .later)
        #expect(abs(state.iconX(of: m1) - 190) < 1e-6)
        #expect(
            state.logged(since: mark) == [
                .event(ms(1_300), "overlay", .overlayGone(.reschedule)),
                .animation(ms(1_300), "msg1", "msg1.x", -320, 0)
            ])
        try state.advance(to: ms(1_600))
        #expect(state.x(of: m1) == 0 && state.rows[0].latch == nil)
        #expect(state.background(of: m1) == .gray && state.icon(of: m1) == .none && state.iconAlpha(of: m1) == 0)
        #expect(state.rows[0].folder == .inbox && state.height(of: m1) == 86 && state.y(of: m2) == 230)
        #expect(state.count(in: .inbox) == 5 && state.undoStack.isEmpty && !state.isAnimating)
        // It can be swiped again.
        try state.send(.panBegan(.message(m1)))
        #expect(state.gesture?.origin == 0)
    }

    // MARK: Right swipes

    @Test func rightSwipeArchives() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: 100))
        #expect(state.background(of: m1) == .green && state.icon(of: m1) == .archive && state.iconX(of: m1) == 70)
        var mark = state.timeline.total
        try state.send(.released(velocity: -800))
        #expect(
            state.logged(since: mark) == [
                .event(
                    ms(100), "msg1",
                    .gestureEnded(value: 100, velocity: -800, outcome: .row(ReleaseOutcome.hide(to: .archive)))),
                .animation(ms(100), "msg1", "msg1.x", 100, 320)
            ])
        try state.advance(to: ms(250))
        #expect(abs(state.x(of: m1) - 210) < 1e-6 && abs(state.iconX(of: m1) - 180) < 1e-6)
        #expect(state.background(of: m1) == .green)
        // One advance over the slide-out and the whole hide: each follow-up at its exact end.
        mark = state.timeline.total
        try state.advance(to: sec(100))
        #expect(
            state.logged(since: mark) == [
                .animation(ms(400), "msg1", "msg1.height", 86, 0),
                .event(ms(700), "msg1", .messageHidden(.archive))
            ])
        #expect(state.rows[0].folder == .archive && state.count(in: .archive) == 1 && state.count(in: .inbox) == 4)
        #expect(state.x(of: m1) == 320 && state.height(of: m1) == 0 && state.y(of: m2) == 144)
        #expect(state.background(of: m1) == .green && state.icon(of: m1) == .archive)
        #expect(state.undoStack == [UndoRecord(message: m1, folder: .archive, side: 1, snooze: nil, list: nil)])
        expectRefusal(&state, .panBegan(.message(m1)), .messageNotVisible(m1, .archive))
    }

    @Test func farRightSwipeDeletes() throws {
        var state = MailboxState()
        try Self.swipe(&state, m3, to: 300)
        #expect(state.background(of: m3) == .red && state.icon(of: m3) == .delete)
        try state.advance(to: ms(400))
        #expect(state.x(of: m3) == 320 && state.height(of: m3) == 86)
        try state.advance(to: ms(550))
        #expect(abs(state.height(of: m3) - 43) < 1e-6 && abs(state.y(of: MessageID(4)) - 359) < 1e-6)
        #expect(state.y(of: m2) == 230)
        try state.advance(to: ms(700))
        #expect(state.rows[2].folder == .trash && state.count(in: .trash) == 1)
        #expect(state.messages(in: .inbox) == [m1, m2, MessageID(4), m5])
        #expect(state.y(of: MessageID(4)) == 316)
        #expect(state.undoStack == [UndoRecord(message: m3, folder: .trash, side: 1, snooze: nil, list: nil)])
    }

    // MARK: Snap back

    @Test func shortSwipeSnapsBackWhateverTheVelocity() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: -30))
        let mark = state.timeline.total
        try state.send(.released(velocity: -5000))
        #expect(state.rows[0].latch == .laterPeek)
        #expect(
            state.logged(since: mark) == [
                .event(
                    ms(100), "msg1",
                    .gestureEnded(value: -30, velocity: -5000, outcome: .row(ReleaseOutcome.snapBack))),
                .animation(ms(100), "msg1", "msg1.x", -30, 0)
            ])
        try state.advance(to: ms(250))
        #expect(abs(state.x(of: m1) - -15) < 1e-6)
        #expect(abs(state.iconAlpha(of: m1) - 0.25) < 1e-6)
        #expect(state.background(of: m1) == .gray && state.icon(of: m1) == .later && state.iconX(of: m1) == 290)
        try state.advance(to: ms(400))
        #expect(state.x(of: m1) == 0 && state.rows[0].latch == nil)
        #expect(state.icon(of: m1) == .none && state.iconAlpha(of: m1) == 0)
        #expect(!state.isAnimating && state.overlay == nil && state.count(in: .inbox) == 5 && state.undoStack.isEmpty)
    }

    @Test func releaseAtRestDoesNothing() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.send(.released(velocity: 300))
        #expect(state.gesture == nil && !state.isAnimating && state.rows[0].latch == nil && state.x(of: m1) == 0)
    }

    // MARK: Grabbing a row that animates

    @Test func grabbingDuringSnapBackTakesThePresentationValue() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -30)
        try state.advance(to: ms(250))
        let grabbed = state.x(of: m1)
        #expect(abs(grabbed - -15) < 1e-6)
        let mark = state.timeline.total
        try state.send(.panBegan(.message(m1)))
        #expect(
            state.logged(since: mark) == [
                .event(ms(250), "msg1", .animationInterrupted(property: .x, at: grabbed)),
                .event(ms(250), "msg1", .gestureBegan(kind: .pan, value: grabbed))
            ])
        #expect(!state.isAnimating && state.rows[0].latch == nil)
        #expect(state.rows[0].x == grabbed && state.gesture?.origin == grabbed && state.gestureCount == 2)
        try state.advance(to: ms(300))
        try state.send(.panChanged(translation: -50))
        #expect(abs(state.x(of: m1) - -65) < 1e-6)
        #expect(state.background(of: m1) == .yellow)
    }

    @Test func grabbingDuringSlideOutDropsTheOverlay() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -100)
        try state.advance(to: ms(250))
        let grabbed = state.x(of: m1)
        #expect(abs(grabbed - -210) < 1e-6)
        try state.send(.panBegan(.message(m1)))
        #expect(!state.isAnimating && state.rows[0].x == grabbed)
        try state.advance(to: ms(350))
        try state.send(.panChanged(translation: -grabbed))
        #expect(state.x(of: m1) == 0)
        try state.send(.released(velocity: nil))
        try state.advance(to: sec(10))
        #expect(state.overlay == nil && state.rows[0].folder == .inbox && state.x(of: m1) == 0)
        let shown = state.timeline.entries.contains { $0.kind == .event(.overlayShown(.reschedule)) }
        #expect(!shown)
    }

    // MARK: Exact completion times

    @Test func aFollowUpEndingAt1_7HasRunWhenTheClockReads1_7() throws {
        var state = MailboxState()
        try state.advance(to: ms(1_300))
        try Self.swipe(&state, m1, to: -100)  // released at 1.4; slides out until 1.7
        try state.advance(to: Ticks(nanoseconds: 1_699_999_999))
        #expect(state.overlay == nil)
        try state.advance(to: Ticks(seconds: 1.7))
        #expect(state.overlay?.kind == .reschedule)
        #expect(state.overlayPresentationAlpha == 0)
        #expect(
            state.timeline.entries.last
                == TimelineEntry(
                    time: Ticks(seconds: 1.7), subject: .view(.overlay),
                    kind: .animation(
                        property: PropertyKey(.overlay, .alpha), from: .scalar(0), to: .scalar(1), duration: ms(300),
                        curve: .easeInOut),
                    gesture: 1))
    }

    @Test func theClockNeverGoesBack() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -100)
        let before = state
        try state.send(.clockAdvanced(to: ms(50)))
        #expect(state == before)
        try state.send(.clockAdvanced(to: ms(100)))
        #expect(state == before)
    }

    // MARK: A second overlay waits

    @Test func aSecondOverlayWaitsForTheFirst() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: -100)  // released at 0.1, slides out until 0.4
        try Self.swipe(&state, m2, to: -100)  // released at 0.2, slides out until 0.5
        try state.advance(to: ms(450))
        #expect(state.overlay?.message == m1 && state.pendingOverlays.isEmpty)
        var mark = state.timeline.total
        try state.advance(to: ms(600))
        #expect(state.overlay?.message == m1)
        #expect(state.pendingOverlays.map(\.message) == [m2])
        #expect(state.logged(since: mark) == [.event(ms(500), "msg2", .overlayQueued(.reschedule))])
        expectRefusal(
            &state, .panBegan(.message(m3)),
            "the reschedule options cover the screen (tap to dismiss, choose an option, or tap cancel)")

        try state.advance(to: sec(1))
        mark = state.timeline.total
        try state.send(.tapped(nil))
        try state.advance(to: ms(1_300))
        #expect(state.overlay?.message == m2 && state.overlay?.dismissal == nil && state.pendingOverlays.isEmpty)
        #expect(
            state.logged(since: mark) == [
                .event(sec(1), "overlay", .overlayDismissed(.reschedule, .finish(option: nil))),
                .animation(sec(1), "overlay", "overlay.alpha", 1, 0),
                .event(ms(1_300), "overlay", .overlayGone(.reschedule)),
                .animation(ms(1_300), "msg1", "msg1.height", 86, 0),
                .event(ms(1_300), "overlay", .overlayShown(.reschedule)),
                .animation(ms(1_300), "overlay", "overlay.alpha", 0, 1)
            ])
        try state.advance(to: sec(2))
        try state.send(.chose("someday"))
        try state.advance(to: sec(10))
        #expect(state.rows[0].folder == .later && state.rows[0].snooze == nil)
        #expect(state.rows[1].folder == .later && state.rows[1].snooze == "someday")
        #expect(state.count(in: .later) == 2 && state.y(of: m3) == 144)
        #expect(state.undoStack.map(\.message) == [m1, m2])
        #expect(state.overlay == nil && !state.isAnimating)
    }

    // MARK: Refusals

    static let freshScreenRefusals: [(MailboxAction, MailboxError)] = [
        (.released(velocity: nil), .noFingerDown),
        (.released(velocity: 100), .noFingerDown),
        (.panChanged(translation: -100), .noFingerDown),
        (.tapped(nil), .nothingToDismiss),
        (.chose("tomorrow"), .noOverlay()),
        (.tapped(.cancel), .cannotTap(.cancel, .nothingToCancel)),
        (.panBegan(.message(MessageID(6))), .noSuchMessage(MessageID(6), count: 5))
    ]

    @Test(arguments: freshScreenRefusals)
    func refusedOnAFreshScreen(_ action: MailboxAction, _ error: MailboxError) {
        var state = MailboxState()
        expectRefusal(&state, action, error)
    }

    @Test func refusedMidGesture() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: -120))
        expectRefusal(&state, .panBegan(.message(m2)), .gestureInProgress(.message(m1)))
        expectRefusal(&state, .panBegan(.message(m1)), .gestureInProgress(.message(m1)))
        expectRefusal(&state, .tapped(nil), .nothingToDismiss)
        expectRefusal(&state, .chose("tomorrow"), .noOverlay())
        #expect(
            MailboxError.gestureInProgress(.message(m1)).message
                == "a finger is already down on msg1 (release it first)")
    }

    @Test func refusedMessages() {
        var small = MailboxState(messageCount: 3)
        expectRefusal(&small, .panBegan(.message(m5)), .noSuchMessage(m5, count: 3))
        #expect(
            MailboxError.noSuchMessage(m5, count: 3).message
                == "no message msg5: the inbox was made with 3 (msg1 … msg3)")
        #expect(
            MailboxError.messageNotVisible(m1, .archive).message == "msg1 is not in the mailbox feed (it is in archive)"
        )
        #expect(
            MailboxError.cannotTap(.cancel, .composeClosing).message
                == "cannot tap cancel: the compose sheet is already closing")
    }

    @Test func anotherRowCanBeSwipedWhileOneHides() throws {
        var state = MailboxState()
        try Self.swipe(&state, m1, to: 100)  // hides 0.4 … 0.7
        try state.advance(to: ms(550))
        expectRefusal(&state, .panBegan(.message(m1)), .messageLeaving(m1))
        try state.send(.panBegan(.message(m2)))
        #expect(abs(state.y(of: m2) - 187) < 1e-6)
        try state.advance(to: ms(700))
        #expect(state.rows[0].folder == .archive && state.y(of: m2) == 144 && state.gesture?.target == .message(m2))
    }

    // MARK: The timeline records threshold crossings

    @Test func crossingBetweenThresholdZonesIsLogged() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: -100))
        try state.advance(to: ms(200))
        var mark = state.timeline.total
        try state.send(.panChanged(translation: -300))
        #expect(
            state.logged(since: mark) == [.event(ms(200), "msg1", .thresholdCrossed(from: .later, to: .list, x: -300))])
        try state.advance(to: ms(300))
        mark = state.timeline.total
        try state.send(.panChanged(translation: -200))
        #expect(
            state.logged(since: mark) == [.event(ms(300), "msg1", .thresholdCrossed(from: .list, to: .later, x: -200))])
        // Moving within a zone logs nothing.
        try state.advance(to: ms(400))
        mark = state.timeline.total
        try state.send(.panChanged(translation: -150))
        #expect(state.logged(since: mark).isEmpty)
    }

    /// SPEC §3: every threshold crossing goes into the timeline. One sample that jumps from x = 0 past
    /// 60 (a fast flick, or `pan msg1 -100 in 0`) crosses the 60-point threshold all the same.
    @Test(arguments: [(-100.0, SwipeZone.later), (-300, .list), (100, .archive), (300, .delete)])
    func aCrossingFromRestInOneSampleIsLogged(_ x: Double, _ zone: SwipeZone) throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(16))
        let mark = state.timeline.total
        try state.send(.panChanged(translation: x))
        #expect(state.background(of: m1) == zone.background)
        let crossings = state.logged(since: mark).filter {
            if case .event(.thresholdCrossed(_, let to, _)) = $0.kind { return to == zone }
            return false
        }
        #expect(crossings.count == 1, "no threshold crossing logged for 0 → \(x)")
    }

    /// The same in the other direction: from −100 straight back to 0 in one sample crosses the 60-point
    /// threshold (yellow → gray) and must be logged too.
    @Test func aCrossingBackToRestInOneSampleIsLogged() throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: -100))
        try state.advance(to: ms(200))
        let mark = state.timeline.total
        try state.send(.panChanged(translation: 0))
        #expect(state.background(of: m1) == .gray)
        let crossed = state.logged(since: mark).contains {
            if case .event(.thresholdCrossed) = $0.kind { return $0.time == ms(200) }
            return false
        }
        #expect(crossed, "no threshold crossing logged for −100 → 0")
    }
}
