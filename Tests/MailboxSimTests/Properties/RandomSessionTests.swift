import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Property tests over random command sequences (seeded: a failure replays from its seed). Each session runs
/// lines from `CommandGenerator`, mostly ones that fit the screen, some refused; after every line the
/// invariants of `Invariants` hold, after every `settle` the settled ones, and a refused line leaves the
/// session exactly as it was.
@Suite struct RandomSessionTests {
    static let seeds: [UInt64] = Array(1...48)
    static let steps = 400

    struct Tally {
        var ran = 0, refused = 0, settles = 0, deepest = 0, entries = 0
        var reached = Set<String>()
    }

    /// Runs `steps` generated lines from `seed`, checking every property; returns what happened.
    @discardableResult
    static func walk(
        seed: UInt64, steps: Int, messages: Int = 5, resets: Bool = true, tuneRate: Double = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> (Tally, [String]) {
        var generator = CommandGenerator(seed: seed)
        if !resets { generator.maxMessages = 0 }
        generator.tuneRate = tuneRate
        var session = Session(messageCount: messages)
        var tally = Tally()
        var lines: [String] = []
        for step in 1...steps {
            let line = generator.next(for: session)
            let before = session
            let context = "seed \(seed), step \(step): \(line)"
            do {
                _ = try session.execute(.line(line[...]))
                tally.ran += 1
                lines.append(line)
                if !line.hasPrefix("reset") {
                    #expect(
                        session.screen.now >= before.screen.now, "the clock went back: \(context)",
                        sourceLocation: sourceLocation)
                }
            } catch {
                tally.refused += 1
                // In a script the line is written under `!`, which refuses `! expect` and `! !`: those are left out.
                let head = line.split(separator: " ").first ?? ""
                if head != "expect" && !head.hasPrefix("!") { lines.append("! " + line) }
                let unchanged = sameSession(session, before)
                #expect(
                    unchanged, "refused (\(error.message)) but changed the session: \(context)",
                    sourceLocation: sourceLocation)
            }
            var problems = Invariants.problems(session.screen)
            if line == "settle" {
                tally.settles += 1
                problems += Invariants.settledProblems(session.screen)
            }
            if !problems.isEmpty {
                Issue.record(
                    Comment(rawValue: context + "\n" + problems.prefix(5).joined(separator: "\n")),
                    sourceLocation: sourceLocation)
                break
            }
            note(session.screen, into: &tally)
        }
        return (tally, lines)
    }

    /// The states a walk reached, to show that the sequences go deep.
    static func note(_ s: MailboxState, into tally: inout Tally) {
        if let overlay = s.overlay { tally.reached.insert("overlay \(overlay.kind)") }
        if !s.pendingOverlays.isEmpty { tally.reached.insert("waiting overlay") }
        if let alert = s.alert { tally.reached.insert("alert \(alert)") }
        if s.menuPhase == .open { tally.reached.insert("menu open") }
        if s.composePhase == .shown { tally.reached.insert("compose shown") }
        if s.segments.selected != .mailbox { tally.reached.insert("segment \(s.segments.selected)") }
        for folder in Folder.allCases where folder != .inbox && s.count(in: folder) > 0 {
            tally.reached.insert("in \(folder)")
        }
        tally.deepest = max(tally.deepest, s.undoStack.count)
        if s.timeline.dropped > 0 { tally.reached.insert("timeline full") }
        tally.entries = s.timeline.total
    }

    @Test(arguments: seeds)
    func everyInvariantHoldsAlongARandomSession(seed: UInt64) {
        let (tally, _) = Self.walk(seed: seed, steps: Self.steps)
        // The generator must keep the sessions going: most lines run, a fair share are refused.
        #expect(tally.ran > Self.steps / 2, "only \(tally.ran) of \(Self.steps) lines ran")
        #expect(tally.refused > Self.steps / 20, "only \(tally.refused) lines were refused")
        #expect(tally.settles > 0)
    }

    /// With random parameters set along the way (thresholds, durations, curves that overshoot,
    /// profiles, elasticity, escape velocity, haptics, the menu's rules; and the values they refuse), every
    /// invariant still holds and a refused `set` changes nothing.
    @Test(arguments: seeds.prefix(24))
    func everyInvariantHoldsWithRandomParameters(seed: UInt64) {
        let (tally, _) = Self.walk(seed: seed &+ 5_000, steps: Self.steps, tuneRate: 0.1)
        #expect(tally.ran > Self.steps / 2, "only \(tally.ran) of \(Self.steps) lines ran")
        #expect(tally.settles > 0)
    }

    /// Across the seeds, the walks reach every part of the screen: overlays (waiting ones too), both alerts,
    /// the menu, compose, the other segments, every folder, and a deep undo stack.
    @Test func theWalksGoDeep() {
        var reached = Set<String>()
        var deepest = 0
        for seed in Self.seeds.prefix(16) {
            let (tally, _) = Self.walk(seed: seed, steps: Self.steps)
            reached.formUnion(tally.reached)
            deepest = max(deepest, tally.deepest)
        }
        let expected: Set<String> = [
            "overlay reschedule", "overlay list", "waiting overlay", "alert undo", "alert draft",
            "menu open", "compose shown", "segment later", "segment archive",
            "in later", "in list", "in archive", "in trash"
        ]
        #expect(expected.subtracting(reached).isEmpty, "never reached: \(expected.subtracting(reached).sorted())")
        #expect(deepest >= 3, "the undo stack never got past \(deepest)")
    }

    /// Long sessions on a bigger screen, never reset: everything holds to the end. (The timeline's capacity is
    /// reached in ResourceTests, by a longer session.)
    /// Across the seeds, the walks run a line of every kind of command the generator draws to fit a screen
    /// (`CommandGenerator.line`): all but those that touch files or end the script, and `set` unless tuning.
    @Test func theWalksRunEveryKindOfCommand() throws {
        var ran = Set<String>()
        for seed in Self.seeds.prefix(16) {
            let (_, lines) = Self.walk(seed: seed, steps: Self.steps)
            for line in lines { ran.insert(String(line.split(separator: " ").first ?? "")) }
        }
        for kind in CommandKind.allCases {
            let spec = CommandTable.spec(kind)
            guard !spec.traits.contains(.touchesFiles), kind != .quit, kind != .set else { continue }
            #expect(spec.names.contains(where: ran.contains), "no walk ran a line of \(spec.name)")
        }
    }

    @Test(arguments: [101, 102] as [UInt64])
    func longSessionsOnABigScreen(seed: UInt64) {
        let (tally, _) = Self.walk(seed: seed, steps: 3_000, messages: 60, resets: false)
        #expect(tally.ran > 1_500)
    }

    /// The same script prints the same output every time, and running it whole gives the session the lines gave
    /// one by one (the refused lines written with `!`, which therefore all pass).
    @Test(arguments: Array(seeds.prefix(16)))
    func theSameScriptPrintsTheSameOutput(seed: UInt64) {
        var (_, lines) = Self.walk(seed: seed, steps: 250)
        // Stepping again gives the session to compare with; a finger left down is lifted so the script can end.
        var stepped = Session()
        for line in lines where !line.hasPrefix("! ") { _ = try? stepped.execute(.line(line[...])) }
        if stepped.screen.gesture != nil {
            lines.append("release")
            _ = try? stepped.execute(.line("release"))
        }
        let text = Array((lines.joined(separator: "\n") + "\n").utf8)
        let first = transcript(of: text)
        let second = transcript(of: text)
        #expect(first == second)
        let checks = lines.filter { line in
            switch try? Parser.parse(line[...]) {
            case .expect?, .mustFail?: true
            default: false
            }
        }.count
        #expect(
            first.last == "exit 0, \(checks) checks",
            "\(first.filter { $0.hasPrefix("stderr") }.prefix(3))")
        var whole = Session()
        _ = ScriptRunner.run(text, file: "t.mbs", session: &whole)
        let same = sameSession(whole, stepped)
        #expect(same, "the script and the lines one by one end differently")
    }
}
