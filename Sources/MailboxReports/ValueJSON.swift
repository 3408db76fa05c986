import MailboxAnimation
import MailboxJSON
import MailboxScript

extension Value {
    /// The value in JSON: numbers as numbers, booleans as booleans, colours as `"#RRGGBB"`, names as strings.
    public var json: JSON {
        switch self {
        case .number(let v): .number(v)
        case .bool(let b): .bool(b)
        case .color(let c, _): .string(c.hex)
        case .name(let n): .string(n)
        }
    }
}

extension Diagnostic {
    /// A failed check or an error as a JSON object: its line and message, and for an expectation its path,
    /// operator, expected and actual values (and tolerance).
    public var json: JSON {
        var members: [(String, JSON)] = [("line", .int(line))]
        switch kind {
        case .failed(.expectation(let expectation, let actual)):
            members += [
                ("kind", .string("expectation")), ("path", .string(expectation.path.name)),
                ("op", .string(expectation.comparison.rawValue)), ("expected", expectation.expected.json),
                ("actual", actual.json)
            ]
            if expectation.comparison.isEquality, case .number = actual {
                members.append(("within", .number(expectation.tolerance)))
            }
        case .failed(.unexpectedSuccess(let command)):
            members += [("kind", .string("unexpected-success")), ("command", .string(command))]
        case .error: members.append(("kind", .string("error")))
        case .unreadable: members.append(("kind", .string("unreadable")))
        case .refusedAsExpected: members.append(("kind", .string("refused-as-expected")))
        }
        members.append(("message", .string(text)))
        return .object(members)
    }
}
