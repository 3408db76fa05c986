import MailboxAnimation
import MailboxSim
import MailboxText
import Testing

@testable import MailboxScript

/// The tests every command gets from its table entry alone (`Sources/MailboxScript/Commands/`), one run an entry:
/// the registry, its example parsed, printed and parsed again, its traits, and its numbers at every limit of their
/// kinds, built and typed, refused alike. A new command's file is tested here without a line of test written for it.
@Suite struct CommandEntryTests {
    static let names = CommandTable.all.map(\.name)

    static func entry(_ name: String) throws -> CommandSpec {
        try #require(CommandTable.all.first { $0.name == name })
    }

    static func parse(_ line: String) throws -> Command {
        try #require(try Parser.parse(line[...]), "\(line) parses to nothing")
    }

    /// The table holds each entry once, and no two entries answer to the same word.
    @Test func theRegistryHoldsEachNameOnce() {
        let words = CommandTable.all.flatMap { $0.names }
        #expect(Set(words).count == words.count, "\(words)")
        #expect(Set(CommandTable.all.map { ObjectIdentifier($0) }).count == CommandTable.all.count)
    }

    /// The example reads as a command of this entry, prints as the example, and the print reads back as it.
    @Test(arguments: names) func theExamplePrintsAsItself(_ name: String) throws {
        let spec = try Self.entry(name)
        let command = try Self.parse(spec.example)
        #expect(command.spec === spec, "\(spec.example) is \(command.spec.name)'s")
        // The table's own reader (the one the fast path falls back to) reads it alike.
        #expect(try Parser.parseByTable(spec.example[...]) == command, "\(name): the table's reader differs")
        #expect(command.scriptLine == spec.example)
        #expect(try Self.parse(command.scriptLine) == command)
        // The inverse of the builder gives back the arguments it was built from.
        let arguments = try #require(spec.arguments(command), "\(name): no arguments for its own command")
        #expect(try spec.build(arguments) == command)
        // An entry's `arguments` answer nil for every other entry's example.
        for other in CommandTable.all where other !== spec {
            #expect(spec.arguments(try Self.parse(other.example)) == nil, "\(name) takes \(other.example)")
        }
    }

    /// Traits that go together do, and a command that does not act leaves the screen as it was.
    @Test(arguments: names) func theTraitsHold(_ name: String) throws {
        let traits = try Self.entry(name).traits
        if traits.contains(.takesTime) { #expect(traits.contains(.acts), "\(name) takes time without acting") }
        if traits.contains(.acts) { #expect(traits.contains(.kept), "\(name) acts but save drops it") }
        for gesture in [CommandTraits.movesFinger, .liftsFinger, .outlined, .beginsInteraction]
        where traits.contains(gesture) {
            #expect(traits.contains(.acts), "\(name): a gesture's trait without acting")
        }
        if traits.contains(.touchesFiles) { #expect(!traits.contains(.kept), "\(name) touches files and is kept") }
        guard !traits.contains(.acts) else { return }
        var session = Session(interactive: true)
        let before = session.screen
        _ = try? session.execute(.line(try Self.entry(name).example[...]))
        #expect(session.screen == before, "\(name) does not act, and its example changed the screen")
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

    /// Numbers a built command may hold for a parameter of `kind`: at both ends of its limits (taken), and just past
    /// them (refused).
    static func probes(_ kind: ArgumentKind) -> [ArgumentNumber] {
        guard let limits = kind.limits else { return [] }
        switch kind {
        case .duration:
            let most = Ticks(seconds: limits.upperBound)
            return [
                .duration(.zero), .duration(most), .duration(most + Ticks(nanoseconds: 1)),
                .duration(Ticks(nanoseconds: -1))
            ]
        case .wholeNumber(let range):
            return [range.lowerBound, range.upperBound, range.lowerBound - 1, range.upperBound + 1].map { .whole($0) }
        default:
            let ends = [limits.lowerBound, limits.upperBound].filter { $0 < .greatestFiniteMagnitude }
            return ends.map { .real($0) } + [.real(limits.lowerBound.nextDown), .real(.infinity), .real(.nan)]
                + (limits.upperBound < .greatestFiniteMagnitude ? [.real(limits.upperBound.nextUp)] : [])
        }
    }

    /// Each number at and past its kind's limits, built into the example's command: the built command is refused
    /// exactly when its line is, in the same words, and a refused one changes nothing.
    @Test(arguments: names) func builtAndTypedNumbersMeetTheSameLimits(_ name: String) throws {
        let spec = try Self.entry(name)
        let example = try Self.parse(spec.example)
        var tried = 0
        for parameter in spec.parameters where parameter.kind.limits != nil {
            for probe in Self.probes(parameter.kind) {
                var arguments = Arguments()
                let given = try #require(spec.arguments(example))
                for other in spec.parameters {
                    arguments.append(other.key, other.key == parameter.key ? .number(probe) : given[other.key])
                }
                let built = try spec.build(arguments)
                let line = built.scriptLine
                let typed = Result { () throws(ScriptError) in try Parser.parse(line[...]) }
                var session = Session(interactive: true)
                let before = session.screen
                switch typed {
                case .success(let command):
                    #expect(built.boundsRefusal == nil, "\(line): typed is taken, built is refused")
                    #expect(command == built, "\(line) reads as another command")
                case .failure(let error):
                    #expect(
                        built.boundsRefusal == error,
                        "\(line): typed \(error), built \(String(describing: built.boundsRefusal))")
                    #expect(throws: error) { _ = try session.execute(.command(built), isCancelled: { false }) }
                    #expect(session.screen == before, "\(line): refused, and the screen changed")
                }
                tried += 1
            }
        }
        #expect(
            tried == spec.parameters.filter { $0.kind.limits != nil }.map { Self.probes($0.kind).count }.reduce(0, +))
    }
}
