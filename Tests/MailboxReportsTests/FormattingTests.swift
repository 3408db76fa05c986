import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Numbers print rounded to 3 decimals with trailing zeros trimmed; colours as `#RRGGBB`.
@Suite struct FormattingTests {
    @Test(arguments: [
        (-320.0, "-320"), (0, "0"), (0.5, "0.5"), (152.3456, "152.346"), (1.0005, "1.001"), (-0.0004, "0"),
        (-0.0005, "-0.001"), (0.1 + 0.2, "0.3"), (1e9 + 0.3, "1000000000.3"), (12.10, "12.1"), (-0.25, "-0.25"),
        (.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")
    ])
    func threeDecimals(_ value: Double, _ text: String) {
        #expect(formatNumber(value) == text)
    }

    @Test func sixDecimals() {
        #expect(formatNumber(-210.0004, decimals: 6) == "-210.0004")
        #expect(formatNumber(1.0 / 3, decimals: 6) == "0.333333")
    }

    /// Failure messages print the shortest decimal that reads back as the same double (SPEC §6).
    @Test(arguments: [
        (60.0, "60"), (59.99999999999999, "59.99999999999999"), (-180.0000001, "-180.0000001"),
        (0.1 + 0.2, "0.30000000000000004"),
        (-0.0, "0"), (0.00001, "0.00001"), (1.5e-7, "0.00000015"), (123456789012345.0, "123456789012345"),
        (1e16, "10000000000000000"), (-320, "-320"),
        (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5")
    ])
    func exactNumbers(_ value: Double, _ text: String) {
        #expect(formatExact(value) == text)
        #expect(Value.number(value).precise == text)
        #expect(Double(text) == value)
    }

    /// Over many doubles: the text reads back as the same double and has no exponent.
    @Test func exactNumbersReadBack() {
        var random = SeededRandom(seed: 61)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite, abs(value) < 1e15, abs(value) > 1e-30 || value == 0 else { continue }
            let text = formatExact(value)
            #expect(Double(text) == value, "\(value) printed as \(text)")
            #expect(!text.contains("e"))
        }
        for step in 0..<2_000 {
            let value = 60 - Double(step) * 59.99999999999999.ulp
            #expect(Double(formatExact(value)) == value)
        }
    }

    @Test func hexColours() throws {
        #expect(Color(hex: "#B2B2B2") == Color(rgb: 0xB2B2B2))
        #expect(Color(hex: "#fecA16")?.hex == "#FECA16")
        for bad in ["B2B2B2", "#B2B2B", "#B2B2B2B", "#GGGGGG", "", "#", "# B2B2B"] {
            #expect(Color(hex: bad) == nil, "\(bad)")
        }
        #expect(Color(red: 300, green: -4, blue: 127.5).hex == "#FF0080")
        #expect(Color(rgb: 0x55D550).paletteDescription == "green #55D550")
        #expect(Color(rgb: 0x123456).paletteDescription == "#123456")
    }

    @Test func suggestions() {
        #expect(nearest("pna", in: CommandTable.names) == "pan")
        #expect(nearest("SHAEK", in: CommandTable.names) == "shake")
        #expect(nearest("zzzzzz", in: CommandTable.names) == nil)
        #expect(nearest("", in: CommandTable.names) == nil)
        #expect(editDistance(Array("ab".utf8), Array("ba".utf8)) == 1)
        #expect(editDistance(Array("kitten".utf8), Array("sitting".utf8)) == 3)
    }

    /// `save`'s note counts in the right number: "saved 1 command", "saved 2 commands".
    @Test func savedNoteAgreesWithItsCount() {
        #expect(NoteText.line(.saved(commands: 1, file: "a.mbs")) == "saved 1 command to a.mbs")
        #expect(NoteText.line(.saved(commands: 0, file: "a.mbs")) == "saved 0 commands to a.mbs")
        #expect(NoteText.line(.saved(commands: 2, file: "a.mbs")) == "saved 2 commands to a.mbs")
    }

    /// `help` lists every name a command answers to, aliases included (SPEC §4: `quit`, `exit`; `wait`).
    @Test func helpListsAliases() {
        let text = HelpText.lines(.commands).map(\.text)
        #expect(text.contains { $0.hasPrefix("  advance S, wait S ") })
        #expect(text.contains { $0.hasPrefix("  quit, exit ") })
    }
}
