import MailboxText

/// A JSON value, built by the renderers that speak JSON (`state --json`, `mailsim test --format json`,
/// trace events, the HTML player's data) and written by `text`: one writer, so every JSON mailsim prints is
/// escaped and spelled the same way (RFC 8259). Objects keep their keys in the order given.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number, written as the shortest decimal that reads back as the same double; NaN and infinities
    /// (which JSON cannot spell) are written as `null`.
    case number(Double)
    /// A whole number, written exactly (microsecond timestamps, counts).
    case integer(Int64)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (a: JSON, b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y || (x.isNaN && y.isNaN)
        case let (.integer(x), .integer(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// `.integer` for an Int.
    public static func int(_ value: Int) -> JSON { .integer(Int64(value)) }

    /// The compact text: no blanks between tokens, no line breaks (one value a line stays one line).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The compact text, safe inside an HTML `<script>` element (see `writeString`).
    public var htmlSafeText: String {
        var out = ""
        write(to: &out, htmlSafe: true)
        return out
    }

    /// Appends the compact text to `out`.
    public func write(to out: inout String, htmlSafe: Bool = false) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let v): out += v.isFinite ? formatExact(v) : "null"
        case .integer(let v): out += String(v)
        case .string(let s): JSON.writeString(s, to: &out, htmlSafe: htmlSafe)
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(to: &out, htmlSafe: htmlSafe)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSON.writeString(member.0, to: &out, htmlSafe: htmlSafe)
                out += ":"
                member.1.write(to: &out, htmlSafe: htmlSafe)
            }
            out += "}"
        }
    }

    /// A string literal: quotes, backslashes and control characters escaped; with `htmlSafe`, `<`, U+2028 and
    /// U+2029 too, so the text is also safe inside an HTML `<script>` element and as a JavaScript literal.
    public static func writeString(_ text: String, to out: inout String, htmlSafe: Bool = false) {
        // Byte by byte over the UTF-8 into a buffer appended once (an SVG of 10 KB with thousands of quoted
        // attributes is one append, not one per run between quotes). U+2028 and U+2029 are E2 80 A8 and E2 80 A9;
        // every other byte of 0x80 or more is copied as it is (the text is valid UTF-8).
        /// The bytes the literal's escapes add (0: the text goes in as it is).
        func extra(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            var extra = 0
            for (i, byte) in bytes.enumerated() {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                    extra += 1
                case 0..<0x20, 0x7F: extra += 5
                case UInt8(ascii: "<") where htmlSafe: extra += 5
                case 0xE2
                where htmlSafe && i + 2 < bytes.count && bytes[i + 1] == 0x80
                    && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    extra += 3
                default: break
                }
            }
            return extra
        }
        func escaped(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
            let extra = extra(bytes)
            if extra == 0 { return nil }
            return String(unsafeUninitializedCapacity: bytes.count + extra + 2) { buffer in
                var n = 0
                @inline(__always) func put(_ byte: UInt8) {
                    buffer[n] = byte
                    n += 1
                }
                @inline(__always) func hex(_ digit: UInt8) -> UInt8 { digit < 10 ? 48 + digit : 87 + digit }
                put(UInt8(ascii: "\""))
                var i = 0
                while i < bytes.count {
                    let byte = bytes[i]
                    i += 1
                    switch byte {
                    case UInt8(ascii: "\""):
                        put(UInt8(ascii: "\\"))
                        put(byte)
                    case UInt8(ascii: "\\"):
                        put(UInt8(ascii: "\\"))
                        put(byte)
                    case UInt8(ascii: "\n"):
                        put(UInt8(ascii: "\\"))
                        put(UInt8(ascii: "n"))
                    case UInt8(ascii: "\r"):
                        put(UInt8(ascii: "\\"))
                        put(UInt8(ascii: "r"))
                    case UInt8(ascii: "\t"):
                        put(UInt8(ascii: "\\"))
                        put(UInt8(ascii: "t"))
                    case 0..<0x20, 0x7F:
                        for c in "\\u00".utf8 { put(c) }
                        put(hex(byte >> 4))
                        put(hex(byte & 15))
                    case UInt8(ascii: "<") where htmlSafe:
                        for c in "\\u003c".utf8 { put(c) }
                    case 0xE2
                    where htmlSafe && i + 1 < bytes.count && bytes[i] == 0x80
                        && (bytes[i + 1] == 0xA8 || bytes[i + 1] == 0xA9):
                        for c in "\\u202".utf8 { put(c) }
                        put(bytes[i + 1] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                        i += 2
                    default: put(byte)
                    }
                }
                put(UInt8(ascii: "\""))
                return n
            }
        }
        let written =
            text.utf8.withContiguousStorageIfAvailable(escaped) ?? Array(text.utf8).withUnsafeBufferPointer(escaped)
        if let written {
            out += written
        } else {
            out += "\""
            out += text
            out += "\""
        }
    }

    /// A string literal, as `writeString` writes it.
    public static func quote(_ text: String, htmlSafe: Bool = false) -> String {
        var out = ""
        writeString(text, to: &out, htmlSafe: htmlSafe)
        return out
    }
}
