import MailboxText

/// Why a text is not JSON: what is wrong and the byte offset (into the text's UTF-8) where it was found.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, in words ("expected ':' after an object key").
    public let reason: String
    /// The byte offset in the text's UTF-8 where the parser stopped.
    public let offset: Int

    public init(reason: String, offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSON {
    /// Parses `text` as one JSON value (RFC 8259, strict: no comments, no trailing commas, no leading zeros, no
    /// lone surrogates, nothing but white space after the value). Arrays and objects may nest `maxDepth` deep.
    /// A whole number without fraction or exponent that fits an Int64 is `.integer`; any other number `.number`
    /// (a number too large for a double is refused). Never traps, whatever the text.
    public static func parse(_ text: String, maxDepth: Int = 32) throws(JSONParseError) -> JSON {
        var parser = JSONParser(bytes: Array(text.utf8), maxDepth: maxDepth)
        parser.skipBlanks()
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.index == parser.bytes.count else { throw parser.failure("unexpected text after the value") }
        return value
    }

    /// The member named `key` of an object (the first, if the key repeats); nil for a missing key or a non-object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The string, for `.string`.
    public var stringValue: String? {
        if case .string(let s) = self { s } else { nil }
    }

    /// The number, for `.integer` and `.number`.
    public var doubleValue: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .number(let v): v
        default: nil
        }
    }

    /// The whole number, for `.integer` (and for a `.number` that is whole and fits an Int64).
    public var integerValue: Int64? {
        switch self {
        case .integer(let v): v
        case .number(let v): v.isFinite && v == v.rounded() && abs(v) < 9.2e18 ? clampedInt64(v) : nil
        default: nil
        }
    }

    /// The truth value, for `.bool`.
    public var boolValue: Bool? {
        if case .bool(let b) = self { b } else { nil }
    }

    /// The items, for `.array`.
    public var arrayValue: [JSON]? {
        if case .array(let items) = self { items } else { nil }
    }

    /// The members in order, for `.object`.
    public var objectValue: [(String, JSON)]? {
        if case .object(let members) = self { members } else { nil }
    }
}

/// A recursive-descent parser over UTF-8 bytes; depth is bounded, so recursion is too.
private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var index = 0

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func failure(_ reason: String) -> JSONParseError { JSONParseError(reason: reason, offset: index) }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipBlanks() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
    }

    mutating func literal(_ word: String, _ value: JSON) throws(JSONParseError) -> JSON {
        let expected = Array(word.utf8)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw failure("unexpected character")
        }
        index += expected.count
        return value
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSON {
        guard let b = current else { throw failure("unexpected end of text") }
        switch b {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maxDepth else { throw failure("nested more than \(maxDepth) deep") }
        index += 1
        var members: [(String, JSON)] = []
        skipBlanks()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipBlanks()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let key = try string()
            skipBlanks()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after an object key") }
            index += 1
            skipBlanks()
            members.append((key, try value(depth: depth)))
            skipBlanks()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                return .object(members)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSON {
        guard depth <= maxDepth else { throw failure("nested more than \(maxDepth) deep") }
        index += 1
        var items: [JSON] = []
        skipBlanks()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(items)
        }
        while true {
            skipBlanks()
            items.append(try value(depth: depth))
            skipBlanks()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                return .array(items)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("a \\u escape needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw failure("a \\u escape needs four hex digits")
            }
            v = v * 16 + digit
            index += 1
        }
        return v
    }

    mutating func string() throws(JSONParseError) -> String {
        index += 1  // the opening quote
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw failure("unterminated string") }
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                // The bytes are the input's (valid UTF-8, as a Swift String's are) or scalars encoded here.
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                guard let e = current else { throw failure("unterminated string") }
                let start = index - 1
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            index = start
                            throw failure("a high surrogate without its low surrogate")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            index = start
                            throw failure("a high surrogate without its low surrogate")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        index = start
                        throw failure("a lone low surrogate")
                    }
                    guard let scalar = Unicode.Scalar(code) else {
                        index = start
                        throw failure("not a Unicode scalar")
                    }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    index = start
                    throw failure("unknown escape")
                }
            default:
                guard b >= 0x20 else { throw failure("a control character in a string") }
                out.append(b)
                index += 1
            }
        }
    }

    mutating func digits() -> Int {
        let start = index
        while let b = current, b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    mutating func number() throws(JSONParseError) -> JSON {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
            throw failure("expected a digit")
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = current, next >= UInt8(ascii: "0"), next <= UInt8(ascii: "9") {
                throw failure("a number with a leading zero")
            }
        } else {
            _ = digits()
        }
        var integral = true
        if current == UInt8(ascii: ".") {
            integral = false
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            integral = false
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let whole = Int64(text) { return .integer(whole) }
        guard let value = Double(text), value.isFinite else {
            index = start
            throw failure("a number too large")
        }
        return .number(value)
    }
}
