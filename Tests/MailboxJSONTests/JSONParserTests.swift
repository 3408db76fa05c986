import MailboxJSON
import Testing

/// `JSON.parse`: RFC 8259, strict, and never a trap on hostile text.
@Suite struct JSONParserTests {
    @Test func valuesOfEveryKind() throws {
        let value = try JSON.parse(
            #" {"a": [1, -2.5, 1e3, true, false, null], "b": "x\"y\\z\/\n\u00e9\ud83d\ude00" } "#)
        #expect(value["a"] == .array([.integer(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null]))
        #expect(value["b"]?.stringValue == "x\"y\\z/\né😀")
        #expect(value["a"]?.arrayValue?.count == 6)
        #expect(value["a"]?.arrayValue?[1].doubleValue == -2.5)
        #expect(value["a"]?.arrayValue?[0].doubleValue == 1)
        #expect(value["a"]?.arrayValue?[3].boolValue == true)
        #expect(value["missing"] == nil)
        #expect(JSON.string("x")["a"] == nil)
    }

    @Test func numbers() throws {
        #expect(try JSON.parse("0") == .integer(0))
        #expect(try JSON.parse("-0") == .integer(0))
        #expect(try JSON.parse("9223372036854775807") == .integer(.max))
        #expect(try JSON.parse("-9223372036854775808") == .integer(.min))
        #expect(try JSON.parse("9223372036854775808") == .number(9_223_372_036_854_775_808))
        #expect(try JSON.parse("1.0") == .number(1))
        #expect(try JSON.parse("1E-2") == .number(0.01))
    }

    @Test func roundTripsTheWriter() throws {
        let value = JSON.object([("k", .array([.string("a\u{1}<\u{2028}"), .number(0.1), .integer(7)])), ("", .null)])
        #expect(try JSON.parse(value.text) == value)
        #expect(try JSON.parse(value.htmlSafeText) == value)
    }

    @Test(arguments: [
        "", " ", "{", "[", "[1,]", "{\"a\":1,}", "{a:1}", "01", "-", "1.", ".5", "1e", "+1", "NaN", "Infinity",
        "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"", "\"\\x\"", "\"abc", "\"a\u{1}b\"", "tru", "nul", "[1] x",
        "1e999", "-1e400", "{\"a\" 1}", "[1 2]", "\"\\u12\"", "\"\\uZZZZ\"", "//", "[\"a\",]", "{\"a\":}"
    ])
    func refusesMalformed(_ text: String) {
        #expect(throws: JSONParseError.self) { try JSON.parse(text) }
    }

    @Test func boundsDepth() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSON.parse(deep) }
        let deepObjects = String(repeating: "{\"a\":", count: 50_000)
        #expect(throws: JSONParseError.self) { try JSON.parse(deepObjects) }
        let ok = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(try JSON.parse(ok).arrayValue != nil)
        let over = String(repeating: "[", count: 33) + String(repeating: "]", count: 33)
        #expect(throws: JSONParseError.self) { try JSON.parse(over) }
    }

    @Test func errorsCarryTheByteOffset() {
        #expect(throws: JSONParseError(reason: "unexpected text after the value", offset: 4)) {
            try JSON.parse("[1] x")
        }
        #expect(throws: JSONParseError(reason: "a lone low surrogate", offset: 4)) { try JSON.parse("[\"é\\udc00\"]") }
        let huge = String(repeating: "9", count: 5000)
        #expect(throws: JSONParseError.self) { try JSON.parse(huge) }
    }
}
