import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxSim

/// SPEC §7.3 "Rows off screen": the feed does not scroll, so a row whose top is at or past y 568 cannot be panned
/// or acted on; a row partly on screen can; rows move up as rows above them leave.
@Suite struct RowsOffScreenTests {
    let m6 = MessageID(6), m7 = MessageID(7), m12 = MessageID(12)

    @Test func theRuleIsTheTopAboveTheScreensBottomEdge() {
        #expect(MailboxState.isOnScreen(top: 567.999))
        #expect(!MailboxState.isOnScreen(top: 568))
        #expect(!MailboxState.isOnScreen(top: 1090))
        let state = MailboxState(messageCount: 12)
        #expect((1...5).allSatisfy { state.isOnScreen(MessageID($0)) })
        #expect((6...12).allSatisfy { !state.isOnScreen(MessageID($0)) })
        #expect(state.y(of: m5) == 488 && state.y(of: m6) == 574 && state.y(of: m12) == 1090)
    }

    @Test func aRowOffScreenRefusesAFingerAndAnActionAndNothingChanges() {
        var state = MailboxState(messageCount: 12)
        expectRefusal(&state, .panBegan(.message(m12)), .messageOffScreen(m12, y: 1090))
        expectRefusal(
            &state, .panned(.message(m12), translation: -100, duration: ms(300)),
            .messageOffScreen(m12, y: 1090))
        expectRefusal(&state, .acted(m12, .archive), .messageOffScreen(m12, y: 1090))
        expectRefusal(&state, .acted(m6, .later), .messageOffScreen(m6, y: 574))
        #expect(state == MailboxState(messageCount: 12))
    }

    @Test func theWordsNameTheRowAndWhereItIs() {
        #expect(
            MailboxError.messageOffScreen(m12, y: 1090).message
                == "msg12 is off screen (its top is at y 1090; the screen ends at 568, and the feed does not scroll)")
    }

    @Test func theOtherRefusalsComeFirst() throws {
        var state = MailboxState(messageCount: 12)
        expectRefusal(&state, .panBegan(.message(MessageID(13))), .noSuchMessage(MessageID(13), count: 12))
        try state.send(.tapped(.compose))
        expectRefusal(&state, .panBegan(.message(m12))) { if case .covered = $0 { true } else { false } }
    }

    @Test func aRowPartlyOnScreenIsGrabbedWhereItShows() throws {
        var state = MailboxState(messageCount: 12)
        try MailboxReducerTests.swipe(&state, m5, to: 100)
        try state.send(.settled)
        #expect(state.rows[4].folder == .archive && state.y(of: m6) == 488)
    }

    @Test func rowsMoveUpAsRowsAboveLeaveAndThenCanBeSwiped() throws {
        var state = MailboxState(messageCount: 12)
        for n in 1...6 {
            try state.send(.acted(MessageID(n), .archive))
            try state.send(.settled)
        }
        #expect(state.y(of: m12) == 574)
        expectRefusal(&state, .panBegan(.message(m12)), .messageOffScreen(m12, y: 574))
        try state.send(.acted(m7, .archive))
        try state.send(.settled)
        #expect(state.y(of: m12) == 488 && state.isOnScreen(m12))
        try state.send(.acted(m12, .delete))
        try state.send(.settled)
        #expect(state.rows[11].folder == .trash)
    }
}
