import Foundation
import Testing

@testable import MailboxScript
@testable import MailboxSim

/// `FastParser`, the short cut for the common commands, agrees with the command table's walk: every line it
/// takes parses to the same `Command` both ways, and every line it leaves (errors included) goes the table's way.
/// Over every line of `Scripts/`, the fuzz corpus and random lines, with floors on what it takes:
/// `FastParserAgreementTests`.
@Suite struct FastParserTests {
    /// The short cut's reading of `line`, or nil when it leaves the line to the table.
    static func fast(_ line: String) -> Command? {
        FastParser.parse(line[...])
    }

    /// Checks one line; true when the short cut took it. A line given as bytes alone (as a script run reads it)
    /// parses as its text does.
    @discardableResult
    static func agree(_ line: String) -> Bool {
        let fromBytes = Array(line.utf8).withUnsafeBufferPointer { bytes in
            Result { () throws(ScriptError) in try Parser.parse(bytes) }
        }
        let fromText = Result { () throws(ScriptError) in try Parser.parse(line[...]) }
        #expect(fromBytes == fromText, "`\(line)`: read from its bytes, \(fromBytes); from its text, \(fromText)")
        guard let fast = fast(line) else { return false }
        do {
            let table = try Parser.parseByTable(line[...])
            #expect(table == fast, "`\(line)`: the table reads \(String(describing: table)), the short cut \(fast)")
        } catch {
            Issue.record("`\(line)`: the short cut took a line the table refuses (\(error.message))")
        }
        return true
    }

    @Test func everyKindIsACommandOfTheTable() {
        for kind in FastParser.Kind.allCases {
            let spec = CommandTable.spec(named: kind.rawValue)
            #expect(spec != nil, "\(kind) is no command")
            let tables = FastParser.tables
            let table = tables.spellings
            let spellings = table.words.indices.filter { tables.entries[table.indices[$0]].kind == kind }
                .map { String(decoding: table.words[$0], as: UTF8.self) }
            #expect(spellings == spec?.names, "\(kind): the short cut answers to \(spellings)")
        }
    }

    @Test func everyCommandsExampleAndParserCase() {
        for spec in CommandTable.all { Self.agree(spec.example) }
        for (line, _) in ParserTests.commands { Self.agree(line) }
    }

    @Test func variantsAndRefusals() {
        let taken = [
            "pan msg1 -180", "pan msg12 40.5 in 0.25", "pan content -100 in 0", "pan msg1 +10000", "  pan msg3  7  ",
            "release", "release -800", "release 0", "advance 0.15", "wait 1", "advance 0", "advance -0", "settle",
            "shake", "tap", "tap cancel", "tap undo", "tap compose", "tap menu", "choose tomorrow", "choose to-buy",
            "expect msg1.x == -320", "expect msg1.x == -320 within 0.5", "expect msg2.background == yellow",
            "expect overlay == reschedule", "expect time >= 0.3", "expect inbox.count == 19",
            "expect msg1.icon == later",
            "expect msg1.icon.alpha < 1", "expect animating == false", "expect msg3.list == to-read",
            "expect msg1.x != 0 within 0",
            "! release", "! pan msg9 100", "!  pan  msg1 10 in 0.5 ", "! tap cancel", "! choose someday", "! advance 1",
            "expect msg1.x == 0" + String(repeating: " ", count: 46)
        ]
        for line in taken { #expect(Self.agree(line), "`\(line)` should take the short cut") }
        // Left to the table: errors (whose messages are the table's), comments, colours, two-word targets, `!`
        // before what is not read here (or before `!`, `expect`), a tab, a line longer than 64 bytes.
        let left = [
            "pan", "pan msg1", "pan msg1 10 in", "pan msg1 10 on 3", "pan msg1 10 in 3 4", "pan foo 10",
            "pan msg1 1e9", "pan msg1 10 in -1", "pan msg1 10 in 99999999999", "pan msg1 ten", "release fast",
            "release 1 2",
            "advance", "advance -1", "advance x", "advance 1 2", "settle now", "shake 2", "tap segment later",
            "tap nothing",
            "tap cancel now", "choose", "choose a b", "expect", "expect msg1.x", "expect msg1.x ==",
            "expect msg1.x == 0 1",
            "expect msg1.x == 0 within", "expect msg1.x == 0 within -1", "expect msg1.x == 0 within 1 2",
            "expect msg1.x==0", "expect msg1.nope == 0", "expect msg1.background < red",
            "expect msg1.background == #B2B2B2",
            "expect overlay == nothing", "expect msg1.icon == later within 1", "expect time == x", "release # lift",
            "#pan msg1 3", "!release", "pän msg1 3", "", "   ", "Pan msg1 3", "undo", "drag msg1 3",
            "!", "! ", "! ! release", "! !release", "!! release", "! expect msg1.x == 0", "! settle now", "! pan msg1",
            "! undo", "! release # why", "! " + String(repeating: "! ", count: 10_000) + "release",
            "  pan\tmsg3  7  ", "!\tpan  msg1 10 in 0.5 ", "expect msg1.x == 0" + String(repeating: " ", count: 47)
        ]
        for line in left {
            #expect(!Self.agree(line), "`\(line)` should go the table's way")
        }
    }
}
