import Testing

@testable import MailboxScript
@testable import MailboxSim

/// `Session.Outcome` keeps its rare parts behind one reference and a held check as a flag: its properties still read
/// and write as plain fields, in any order, and a line that acts or holds makes no reference at all.
@Suite struct OutcomeTests {
    @Test func aFreshOutcomeIsEmpty() {
        let outcome = Session.Outcome()
        #expect(outcome.effect == nil && outcome.trace.isEmpty && outcome.check == nil && outcome.replay == nil)
        #expect(!outcome.acted && outcome.report == nil && outcome.failure == nil)
    }

    @Test func everyFieldReadsBackWhatWasWritten() {
        var outcome = Session.Outcome()
        outcome.effect = .quit
        outcome.replay = .asTyped
        outcome.check = .refusedAsExpected(.doubleBang)
        outcome.acted = true
        if case .quit? = outcome.effect {} else { Issue.record("effect: \(String(describing: outcome.effect))") }
        #expect(outcome.replay == .asTyped && outcome.check == .refusedAsExpected(.doubleBang) && outcome.acted)
        // A check that held replaces one that did not, and the other fields stay.
        outcome.check = .held
        #expect(outcome.check == .held && outcome.replay == .asTyped)
        outcome.check = .failed(.unexpectedSuccess(command: "release"))
        #expect(outcome.check == .failed(.unexpectedSuccess(command: "release")) && outcome.failure != nil)
        outcome.check = nil
        outcome.effect = nil
        outcome.replay = nil
        #expect(outcome.check == nil && outcome.effect == nil && outcome.replay == nil && outcome.acted)
    }

    @Test func copiesAreIndependent() {
        var first = Session.Outcome()
        first.replay = .command("pan msg1 10")
        var second = first
        second.replay = .asTyped
        second.check = .held
        #expect(first.replay == .command("pan msg1 10") && first.check == nil)
        #expect(second.replay == .asTyped && second.check == .held)
    }

    @Test func aCheckThatHeldOrAnActionMakesNoReference() {
        var outcome = Session.Outcome()
        outcome.acted = true
        outcome.check = .held
        outcome.trace = []
        outcome.effect = nil
        #expect(MemoryLayout<Session.Outcome>.size <= 16)
        #expect(outcome.isPlain)
    }

    @Test func aSessionsLinesFillIt() throws {
        var session = Session()
        let pan = try session.execute(.line("pan msg1 -100"))
        #expect(pan.acted && pan.check == nil && pan.trace.isEmpty == false)
        let held = try session.execute(.line("expect msg1.x == -100"))
        #expect(!held.acted && held.check == .held && held.effect == nil)
        let failed = try session.execute(.line("expect msg1.x == 0"))
        #expect(failed.failure != nil)
        let refused = try session.execute(.line("! pan msg9 10"))
        if case .refusedAsExpected? = refused.check {
        } else {
            Issue.record("! pan msg9: \(String(describing: refused.check))")
        }
    }
}
