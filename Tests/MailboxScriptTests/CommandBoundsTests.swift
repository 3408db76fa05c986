import MailboxAnimation
import MailboxSim
import MailboxText
import Testing

@testable import MailboxScript

/// A command a front end builds is held to the bounds its typed line is: for every command of the table and every
/// numeric parameter, numbers at, inside and past each bound, typed (the parser) and built (the table's builder
/// from the same numbers, unchecked), refused alike or taken alike.
@Suite struct CommandBoundsTests {
    /// Numbers to try for a parameter of `kind`: at its bounds, inside, and just past them either way.
    static func probes(for kind: ArgumentKind) -> [String] {
        switch kind {
        case .distance:
            let limit = ScriptLimits.maxTranslation
            return ["0", formatExact(limit), "-" + formatExact(limit), formatExact(limit + 0.5), "-1000000000"]
        case .velocity(let max):
            return ["0", formatExact(max), "-" + formatExact(max), formatExact(max + 1), "-1000000000", "1000000000"]
        case .duration(let max):
            let past = Ticks(seconds: max) + Ticks(nanoseconds: 1)
            return ["0", "0.5", formatExact(max), past.decimalSeconds, "-1", "-0.000000001"]
        case .wholeNumber(let range):
            return [range.lowerBound, range.upperBound, range.lowerBound - 1, range.upperBound + 1, 1_000_000].map {
                String($0)
            }
        case .tolerance:
            return ["0", "0.5", "-0.5", "-1000000000"]
        default:
            return []
        }
    }

    /// A value the test can give a parameter of `kind` that is not numeric: its text and the argument the parser
    /// would read from it. A kind not known here fails the test (give it a value).
    static func sample(for kind: ArgumentKind) -> (text: String, value: ArgumentValue)? {
        switch kind {
        case .panTarget, .message: ("msg1", .panTarget(.message(MessageID(name: "msg1")!)))
        case .file: ("shot.png", .word("shot.png"))
        case .path: ("msg1.x", .path(try! PropertyPath.parse("msg1.x")))
        case .comparison: ("==", .comparison(.equal))
        case .value: ("0", .word("0"))
        default: nil
        }
    }

    static func isNumeric(_ kind: ArgumentKind) -> Bool { !probes(for: kind).isEmpty }

    /// The numbers a command holds, as its entry's `arguments` give them (what the bounds check): each with its
    /// parameter's name and the text the printer writes for it.
    static func heldNumbers(_ command: Command) -> [(key: String, text: String)] {
        let spec = command.spec
        guard let arguments = spec.arguments(command) else { return [] }
        return spec.parameters.compactMap { parameter in
            guard case .number(let number)? = arguments[parameter.key] else { return nil }
            return (parameter.name, number.scriptText)
        }
    }

    @Test func builtAndTypedCommandsMeetTheSameBounds() throws {
        var compared = 0
        for spec in CommandTable.all where spec.parameters.contains(where: { Self.isNumeric($0.kind) }) {
            for (place, parameter) in spec.parameters.enumerated() where Self.isNumeric(parameter.kind) {
                for probe in Self.probes(for: parameter.kind) {
                    // The line, every parameter given (optional ones too), and its arguments unchecked.
                    var words = [spec.name]
                    var arguments = Arguments()
                    for (index, other) in spec.parameters.enumerated() {
                        if let keyword = other.keyword { words.append(keyword) }
                        if Self.isNumeric(other.kind) {
                            let text = index == place ? probe : Self.probes(for: other.kind)[0]
                            words.append(text)
                            arguments.append(other.key, .number(.typed(try DecimalNumber.parse(text[...]))))
                        } else {
                            let sample = try #require(
                                Self.sample(for: other.kind), "\(spec.name): give the test a value of \(other.kind)")
                            words.append(sample.text)
                            arguments.append(other.key, sample.value)
                        }
                    }
                    let line = words.joined(separator: " ")
                    let built = try spec.build(arguments)
                    // The built command holds the numbers as typed.
                    #expect(
                        Self.heldNumbers(built).map(\.text).contains(probe) || probe.hasPrefix("-0."),
                        "\(line): built holds \(Self.heldNumbers(built).map(\.text))")
                    let typed: Result<Command?, ScriptError> = Result { () throws(ScriptError) in
                        try Parser.parse(line[...])
                    }
                    switch typed {
                    case .success(let command):
                        #expect(built.boundsRefusal == nil, "\(line): typed is taken, built is refused")
                        #expect(command == built, "\(line)")
                    case .failure(let error):
                        #expect(
                            built.boundsRefusal == error,
                            "\(line): typed \(error), built \(String(describing: built.boundsRefusal))")
                    }
                    compared += 1
                }
            }
        }
        #expect(compared > 40)
    }

    @Test func everyNumericParameterIsHeldToItsBound() throws {
        // Each command's numbers, as its entry's `arguments` give them, are exactly its numeric parameters: one left
        // out would be a number a built command could carry past its bound.
        for spec in CommandTable.all {
            let numeric = spec.parameters.filter { Self.isNumeric($0.kind) }.map(\.key.rawValue)
            guard !numeric.isEmpty else {
                let example = try #require(try Parser.parse(spec.example[...]), "\(spec.name)'s example")
                #expect(Self.heldNumbers(example).isEmpty, "\(spec.name) holds a number its table does not declare")
                continue
            }
            var words = [spec.name]
            for parameter in spec.parameters {
                if let keyword = parameter.keyword { words.append(keyword) }
                words.append(
                    Self.isNumeric(parameter.kind)
                        ? Self.probes(for: parameter.kind)[1] : Self.sample(for: parameter.kind)!.text)
            }
            let command = try #require(try Parser.parse(words.joined(separator: " ")[...]))
            #expect(Self.heldNumbers(command).map(\.key).sorted() == numeric.sorted(), "\(spec.name)")
        }
    }

    @Test func aFlickBuiltPastItsVelocityIsRefusedAsTyped() {
        // The case the issue found: a velocity of 1e9 built ran while the same line typed was refused.
        var session = Session()
        #expect(throws: ScriptError.self) { _ = try session.execute(.line("flick msg1 1000000000")) }
        let before = session
        #expect(
            throws: ScriptError.beyondLimit(
                command: "flick", parameter: "VX", text: "1000000000", limit: ScriptLimits.maxFlickVelocity)
        ) {
            _ = try session.execute(.command(.flick(MessageID(name: "msg1")!, velocity: 1e9)), isCancelled: { false })
        }
        #expect(session.screen == before.screen)
        // A release's own limit is its own, not the flick's.
        #expect(
            Command.release(velocity: ScriptLimits.maxFlickVelocity + 1).boundsRefusal == nil)
        #expect(Command.release(velocity: .nan).boundsRefusal != nil)
        // Built inside `!`: refused as the line inside would be, so the check holds.
        let check = try? session.execute(
            .command(.mustFail(.flick(MessageID(name: "msg1")!, velocity: 1e9), text: "flick msg1 1000000000")),
            isCancelled: { false }
        ).check
        guard case .refusedAsExpected(let error)? = check else {
            Issue.record("a built `! flick msg1 1e9` did not hold: \(String(describing: check))")
            return
        }
        #expect(
            error
                == ScriptError.beyondLimit(
                    command: "flick", parameter: "VX", text: "1000000000", limit: ScriptLimits.maxFlickVelocity))
    }
}
