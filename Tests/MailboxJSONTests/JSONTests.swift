import Foundation
import MailboxText
import MailsimTestSupport
import Testing

@testable import MailboxJSON

/// The one JSON writer: what it writes is read back by Foundation's parser (a real one) as the same values.
@Suite struct JSONTests {
    /// Parses `text` with JSONSerialization (fragments allowed).
    private func parse(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
    }

    @Test func scalarsReadBack() throws {
        #expect(try parse(JSON.null.text) is NSNull)
        #expect(try parse(JSON.bool(true).text) as? Bool == true)
        #expect(try parse(JSON.integer(-9_007_199_254_740_993).text) as? Int64 == -9_007_199_254_740_993)
        #expect(JSON.number(.nan).text == "null")
        #expect(JSON.number(-.infinity).text == "null")
    }

    /// Numbers are the shortest decimals that read back as the same double, never with an exponent.
    @Test func numbersRoundTrip() throws {
        var generator = SeededRandom(seed: 2026)
        for _ in 0..<2000 {
            let value =
                Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF) * (generator.next() & 1 == 0 ? 1 : -1)
            let text = JSON.number(value).text
            #expect(!text.contains("e") && !text.contains("E"))
            // Swift's own parser reads exactly (Foundation's on Linux rounds long decimals); the grammar is
            // checked by JSONSerialization.
            #expect(Double(text) == value, "\(text)")
            #expect(try parse("[\(text)]") is [Any])
        }
    }

    /// Every string, controls and markup included, reads back unchanged; the text has no raw control
    /// characters, and in its HTML-safe form no `<` (safe in a `<script>` element).
    @Test func stringsRoundTrip() throws {
        let samples = [
            "", "plain", "quote \" backslash \\ slash /", "tab\tnew\nline\r", "\u{0}\u{1F}\u{7F}",
            "</script><!--", "é ✓ 🙂", "\u{2028}\u{2029}", "#FECA16"
        ]
        for sample in samples {
            let text = JSON.quote(sample)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
            #expect(try parse(text) as? String == sample)
            let safe = JSON.quote(sample, htmlSafe: true)
            #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || $0 == "<" || $0 == "\u{2028}" })
            #expect(try parse(safe) as? String == sample)
        }
    }

    @Test func objectsKeepTheirOrder() throws {
        let value = JSON.object([("z", .int(1)), ("a", .array([.string("x"), .null, .number(0.5)])), ("m", .object([]))]
        )
        #expect(value.text == #"{"z":1,"a":["x",null,0.5],"m":{}}"#)
        let read = try #require(try parse(value.text) as? [String: Any])
        #expect(read["z"] as? Int == 1)
        #expect((read["a"] as? [Any])?.count == 3)
    }

    /// The per-character escaping `writeString` had before it wrote runs whole.
    static func referenceQuote(_ text: String, htmlSafe: Bool) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<" where htmlSafe: out += "\\u003c"
            case "\u{2028}" where htmlSafe: out += "\\u2028"
            case "\u{2029}" where htmlSafe: out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    @Test func stringsAreWrittenAsTheyWereEscapedCharacterByCharacter() {
        let texts = [
            "", "plain", "<svg a=\"1\">…</svg>", "\"\u{301}x", "a\\b\nc\r\t\u{7F}\u{1}",
            "\u{2028}\u{2029}\u{2030}–✓",
            "héllo wörld 👩‍👩‍👧 e\u{301}", "</script>", "\u{E2}"
        ]
        for text in texts {
            for htmlSafe in [false, true] {
                #expect(
                    JSON.quote(text, htmlSafe: htmlSafe) == Self.referenceQuote(text, htmlSafe: htmlSafe), "\(text)")
            }
        }
    }

    @Test func numbersKeepTheirShortestExactSpelling() {
        let cases: [(Double, String)] = [
            (86, "86"), (-320, "-320"), (0.5, "0.5"), (-120.25, "-120.25"), (1e-7, "0.0000001"),
            (1e15, "1000000000000000"), (1e16, "10000000000000000"), (999999999999999.9, "999999999999999.9"),
            (0.016666666666666666, "0.016666666666666666"), (1.5e-5, "0.000015"), (-0.0, "0")
        ]
        for (value, text) in cases { #expect(formatExact(value) == text, "\(value)") }
    }
}
