import Testing

@testable import MailboxScript

/// A command's traits are its table entry's: every entry's example parses to a command that finds its way back
/// to an entry with the same traits, and the traits agree with one another.
@Suite struct CommandTraitsTests {
    @Test(arguments: CommandTable.all.map(\.name))
    func theExampleComesBackToItsEntry(_ name: String) throws {
        let spec = try #require(CommandTable.spec(named: name))
        let command = try #require(try Parser.parseByTable(spec.example[...]))
        #expect(command.spec.traits == spec.traits, "\(spec.example) has the traits of \(command.spec.name)")
        // `compose` builds `tap compose`: the one entry whose builder makes another's command.
        if spec.name != "compose" {
            #expect(command.spec === spec, "\(spec.example) comes back to \(command.spec.name)")
        }
    }

    @Test(arguments: CommandTable.all.map(\.name))
    func theTraitsAgree(_ name: String) throws {
        let traits = try #require(CommandTable.spec(named: name)).traits
        if traits.contains(.acts) { #expect(traits.contains(.kept), "what acts is kept by save") }
        if traits.contains(.takesTime) { #expect(traits.contains(.acts)) }
        for part in [CommandTraits.movesFinger, .liftsFinger, .outlined, .beginsInteraction] where traits.contains(part)
        {
            #expect(traits.contains(.acts), "\(name): a gesture acts")
        }
        if traits.contains(.touchesFiles) {
            #expect(!traits.contains(.kept), "\(name): save keeps no line that touches files")
        }
    }

    /// `!` checks: it acts on nothing, and takes from its command the time, the interaction and the files.
    @Test func aBangLineTakesTimeAndFilesFromItsCommand() throws {
        let pan = try #require(try Parser.parse("! pan msg9 10"))
        #expect(pan.traits == [.kept, .takesTime, .beginsInteraction])
        #expect(!pan.isAction && pan.takesTime && pan.isRecorded)
        let save = try #require(try Parser.parse("! save a.mbs"))
        #expect(save.traits == [.kept, .touchesFiles])
        let invalid = try #require(try Parser.parse("! frobnicate"))
        #expect(invalid.traits == .checks)
    }
}
