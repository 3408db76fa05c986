import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Undo restores exactly the earlier model. From a random reachable screen, brought to rest, a few random
/// complete actions (archive, delete, later or list, with or without an option, on random rows, with other
/// gestures in between) and as many `shake` + `tap undo` give back every row exactly as it was (folder,
/// snooze, list, x, height, y, latch) and the same undo stack.
@Suite struct UndoPropertyTests {
    /// What undo must put back: every row as it is on screen, and the undo stack.
    struct Model: Equatable {
        struct Row: Equatable {
            let folder: Folder, snooze: String?, list: String?, latch: SwipeZone?
            let x: Double, height: Double, y: Double
        }
        let rows: [Row]
        let undoStack: [UndoRecord]

        init(_ s: MailboxState) {
            rows = s.rows.map {
                Row(
                    folder: $0.folder, snooze: $0.snooze, list: $0.list, latch: $0.latch,
                    x: s.x(of: $0.id), height: s.height(of: $0.id), y: s.y(of: $0.id))
            }
            undoStack = s.undoStack
        }
    }

    static func run(_ session: inout Session, _ lines: String...) throws {
        for line in lines { _ = try session.execute(.line(line[...])) }
    }

    /// Ends whatever is going on: lifts the finger, closes what covers the screen, shows the mailbox, settles.
    static func bringToRest(_ session: inout Session) throws {
        for _ in 0..<10 {
            try run(&session, "settle")
            if session.screen.gesture != nil {
                try run(&session, "release")
                continue
            }
            switch session.screen.cover {
            case .alert(.draft)?: try run(&session, "tap delete-draft")
            case .alert?, .overlay?, .compose?: try run(&session, "tap cancel")
            case .menu?: try run(&session, "tap menu")
            case nil:
                if session.screen.segments.selected != .mailbox {
                    try run(&session, "tap segment mailbox")
                    continue
                }
                return
            }
        }
        Issue.record("could not bring the screen to rest")
    }

    @Test(arguments: Array(1...40) as [UInt64])
    func undoRestoresTheModel(seed: UInt64) throws {
        var generator = CommandGenerator(seed: seed)
        generator.wildRate = 0
        var session = Session(messageCount: 8)
        for _ in 0..<Int(seed % 7) * 20 { _ = try? session.execute(.line(generator.next(for: session)[...])) }
        try Self.bringToRest(&session)
        let before = Model(session.screen)

        var random = SeededRandom(seed: seed &* 7919)
        var actions = 0
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            // A finger reaches only rows in the feed and on screen (SPEC §7.3, "Rows off screen").
            let screen = session.screen
            let rows = screen.rows.filter { $0.visible && screen.isOnScreen($0.id) }
            guard !rows.isEmpty else { break }
            let row = random.pick(rows).id.name
            let duration = random.pick(["", " in 0", " in 0.1", " in 0.5"])
            switch random.next() % 4 {
            case 0:
                try Self.run(
                    &session, "pan \(row) \(random.pick(["60", "100", "259.999"]))\(duration)", "release", "settle")
            case 1:
                try Self.run(
                    &session, "pan \(row) \(random.pick(["260", "300", "1000"]))\(duration)", "release", "settle")
            case 2:
                try Self.run(
                    &session, "pan \(row) \(random.pick(["-60", "-100", "-259.999"]))\(duration)", "release", "settle")
                try Self.run(
                    &session, random.chance(0.5) ? "tap" : "choose " + random.pick(OverlayKind.reschedule.options),
                    "settle")
            default:
                try Self.run(&session, "pan \(row) \(random.pick(["-260", "-300"]))\(duration)", "release", "settle")
                try Self.run(
                    &session, random.chance(0.5) ? "tap" : "choose " + random.pick(OverlayKind.list.options), "settle")
            }
            actions += 1
            // Something else between actions, that must not disturb the stack.
            switch random.next() % 4 {
            case 0: try Self.run(&session, "tap segment later", "settle", "tap segment mailbox", "settle")
            case 1:
                // With the draft alert off (the default), cancel closes the sheet; with it on, keep the draft.
                let draft = session.screen.settings.composeDraftAlert
                try Self.run(&session, "compose", "type x", "tap cancel")
                if draft { try Self.run(&session, "tap keep-draft") }
                try Self.run(&session, "settle")
            case 2: try Self.run(&session, "edgepan 200", "release", "settle", "tap menu", "settle")
            default: try Self.run(&session, "shake", "tap cancel")
            }
        }
        #expect(session.screen.undoStack.count == before.undoStack.count + actions)
        #expect(Model(session.screen) != before || actions == 0)
        for _ in 0..<actions { try Self.run(&session, "shake", "tap undo", "settle") }
        let after = Model(session.screen)
        #expect(after == before, "seed \(seed): undo did not restore the model")
        #expect(Invariants.problems(session.screen) + Invariants.settledProblems(session.screen) == [])
    }
}
