import MailboxAnimation

/// The parsed arguments of one command, one slot per parameter (nil where an optional one was left out), read
/// by the parameter's name (`a.number(.dx)`): names are an enum, so a builder names only what its command
/// declares and a look-up is a few byte compares. Kept inline, not in an array: one is built for every line.
public struct Arguments: Equatable, Sendable {
    /// The most parameters a command has (`expect PATH OP VALUE [within TOL]`).
    static let capacity = 4
    // Four named slots rather than a tuple or an array: a slot is read in place, without copying the rest.
    private var key0, key1, key2, key3: ArgumentName?
    private var slot0, slot1, slot2, slot3: ArgumentValue?
    private(set) var count = 0

    init() {}

    /// The arguments given, in order, an optional one left out as nil (what a command's `arguments` returns).
    init(_ given: [(ArgumentName, ArgumentValue?)]) {
        for (key, value) in given { append(key, value) }
    }

    mutating func append(_ key: ArgumentName, _ value: ArgumentValue?) {
        switch count {
        case 0:
            key0 = key
            slot0 = value
        case 1:
            key1 = key
            slot1 = value
        case 2:
            key2 = key
            slot2 = value
        case 3:
            key3 = key
            slot3 = value
        default: return  // the table has at most `capacity` parameters a command (checked when it is built)
        }
        count += 1
    }

    /// The value given for the parameter named `key`, or nil when it was left out.
    @inline(__always)
    subscript(_ key: ArgumentName) -> ArgumentValue? {
        if key0 == key { return slot0 }
        if key1 == key { return slot1 }
        if key2 == key { return slot2 }
        if key3 == key { return slot3 }
        return nil
    }

    @inline(__always)
    func number(_ key: ArgumentName) -> ArgumentNumber? {
        if case .number(let n)? = self[key] { return n } else { return nil }
    }
    @inline(__always)
    func ticks(_ key: ArgumentName) -> Ticks? { number(key)?.ticks }
    @inline(__always)
    func word(_ key: ArgumentName) -> String? {
        if case .word(let w)? = self[key] { return String(w) } else { return nil }
    }
    @inline(__always)
    func flag(_ key: ArgumentName) -> Bool {
        if case .flag? = self[key] { return true } else { return false }
    }

    /// The number of a required parameter (the parser has checked it is there; if a builder asks for one its
    /// command does not declare, the line is refused rather than the program stopped).
    func required(number key: ArgumentName, of command: String) throws(ScriptError) -> ArgumentNumber {
        guard let n = number(key) else { throw Arguments.missing(key, command) }
        return n
    }
    /// The word(s) of a required parameter.
    func required(word key: ArgumentName, of command: String) throws(ScriptError) -> String {
        guard let w = word(key) else { throw Arguments.missing(key, command) }
        return w
    }

    static func missing(_ key: ArgumentName, _ command: String) -> ScriptError {
        .missingArgument(
            command: command, parameter: key.rawValue, usage: CommandTable.spec(named: command)?.synopsis ?? command)
    }
}
