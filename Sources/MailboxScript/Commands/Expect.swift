import MailboxAnimation
import MailboxSim
import MailboxText

// `expect PATH OP VALUE [within TOL]`: a check of one property (SPEC §4).
extension CommandTable {
    /// `expect PATH OP VALUE [within TOL]` from its parts, checked against the path's type.
    static func expectation(
        _ path: PropertyPath, _ op: Comparison, _ raw: Substring,
        tolerance: Double?
    ) throws(ScriptError) -> Command {
        let type = path.valueType
        if type != .number && !op.isEquality { throw .orderOnUnordered(path: path.name, type) }
        if tolerance != nil && (type != .number || !op.isEquality) { throw .toleranceNotNumericEquality }
        // A quoted value (`"hello world"`) stands for its text; the failure message shows it as written.
        let expected = try Value.parse(Parser.unquoted(raw).map { $0[...] } ?? raw, as: type, for: path)
        return .expect(
            Expectation(
                path: path, comparison: op, expected: expected,
                tolerance: tolerance ?? Expectation.defaultTolerance, value: raw,
                within: tolerance.map { formatNumber($0, decimals: 9) }))
    }

    static let expect = CommandSpec(
        "expect", traits: .checks,
        [
            .required(.path, .path), .required(.op, .comparison), .required(.value, .value),
            .optional(.tolerance, .tolerance, after: "within")
        ],
        summary: "assert a property: expect PATH OP VALUE [within TOL]",
        details:
            """
            OP is ==, !=, <, <=, >, >=. Numeric == and != compare within \
            \(formatNumber(Expectation.defaultTolerance)) unless within TOL is given. Colours take a palette name \
            or #RRGGBB; colours and names compare with == and != only.
            """,
        example: "expect msg1.x == -320 within 0.5"
    ) { a throws(ScriptError) in
        guard case .path(let path)? = a[.path], case .comparison(let op)? = a[.op], case .word(let raw)? = a[.value]
        else { throw Arguments.missing(.path, "expect") }
        return try expectation(path, op, raw, tolerance: a.number(.tolerance)?.real)
    } arguments: { command in
        guard case .expect(let expectation) = command else { return nil }
        // A tolerance is written when the line wrote one, or when it is not the default.
        let tolerance = expectation.tolerance
        let written = expectation.writtenWithin != nil || tolerance != Expectation.defaultTolerance
        return Arguments([
            (.path, .path(expectation.path)), (.op, .comparison(expectation.comparison)),
            (.value, .text(expectation.writtenValue)), (.tolerance, written ? .number(.real(tolerance)) : nil)
        ])
    }
}

extension Session {
    /// `expect`: the property read and compared; the check's result is the outcome's.
    func performExpect(_ expectation: Expectation, into outcome: inout Outcome) throws(ScriptError) {
        let actual: Value
        do { actual = try screen.read(expectation.path) } catch { throw .model(error) }
        outcome.check =
            expectation.holds(for: actual, paletteColor: expectation.paletteName.map { screen.settings.palette[$0] })
            ? .held : .failed(.expectation(expectation, actual: actual))
    }
}
