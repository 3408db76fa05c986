/// The indented text, for files people read and edit (`mailsim export tokens`): the same values, strings and
/// numbers as `text` writes them (`writeString`, `formatExact`), only laid out.
extension JSON {
    /// Two blanks a level, `"key": value`, one member or item a line, and a line break at the end. An array of
    /// scalars (a cubic Bézier's four numbers, a colour's components) stays on one line: `[0.42, 0, 0.58, 1]`;
    /// an empty array or object is `[]` or `{}`.
    public var prettyText: String {
        var out = ""
        writePretty(to: &out, depth: 0)
        out += "\n"
        return out
    }

    /// Appends the indented text of this value to `out`, its nested lines indented `depth` levels.
    public func writePretty(to out: inout String, depth: Int) {
        switch self {
        case .array(let items) where items.isEmpty: out += "[]"
        case .object(let members) where members.isEmpty: out += "{}"
        case .array(let items) where items.allSatisfy({ $0.isScalar }):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += ", " }
                item.write(to: &out)
            }
            out += "]"
        case .array(let items):
            out += "[\n"
            for (index, item) in items.enumerated() {
                if index > 0 { out += ",\n" }
                JSON.indent(&out, depth + 1)
                item.writePretty(to: &out, depth: depth + 1)
            }
            out += "\n"
            JSON.indent(&out, depth)
            out += "]"
        case .object(let members):
            out += "{\n"
            for (index, member) in members.enumerated() {
                if index > 0 { out += ",\n" }
                JSON.indent(&out, depth + 1)
                JSON.writeString(member.0, to: &out)
                out += ": "
                member.1.writePretty(to: &out, depth: depth + 1)
            }
            out += "\n"
            JSON.indent(&out, depth)
            out += "}"
        case .null, .bool, .number, .integer, .string: write(to: &out)
        }
    }

    /// Neither an array nor an object.
    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        case .null, .bool, .number, .integer, .string: true
        }
    }

    private static func indent(_ out: inout String, _ depth: Int) {
        out += String(repeating: "  ", count: depth)
    }
}
