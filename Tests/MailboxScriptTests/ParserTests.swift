import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §4: every command parses to its `Command`, and every refusal explains itself.
@Suite struct ParserTests {
    static func parse(_ line: String) throws -> Command? { try Parser.parse(line[...]) }

    static func error(_ line: String) -> String? {
        do {
            _ = try Parser.parse(line[...])
            return nil
        } catch { return error.message }
    }

    static func expectation(
        _ path: PropertyPath, _ op: Comparison, _ expected: Value, within tolerance: Double = 0.001,
        _ text: String
    ) -> Command {
        // The text is `PATH OP VALUE [within TOL]`: the value and the tolerance as written.
        let written = text.dropFirst(path.name.count + op.rawValue.count + 2)
        let value: Substring
        var within: String?
        if let range = written.firstRange(of: " within ") {
            value = written[..<range.lowerBound]
            within = String(written[range.upperBound...])
        } else {
            value = written
        }
        return .expect(
            Expectation(
                path: path, comparison: op, expected: expected, tolerance: tolerance, value: value, within: within))
    }

    // MARK: Every command

    static let commands: [(String, Command)] = [
        ("pan msg1 -180", .pan(.message(m1), translation: -180, duration: nil)),
        ("pan msg12 40.5 in 0.25", .pan(.message(MessageID(12)), translation: 40.5, duration: ms(250))),
        ("pan content -100 in 0", .pan(.content, translation: -100, duration: .zero)),
        ("pan msg1 +10000", .pan(.message(m1), translation: 10_000, duration: nil)),
        ("edgepan 200", .edgePan(translation: 200, duration: nil)),
        ("edgepan 200 in 0.25", .edgePan(translation: 200, duration: ms(250))),
        ("release", .release(velocity: nil)),
        ("release -500", .release(velocity: -500)),
        ("release 0", .release(velocity: 0)),
        ("tap", .tap(nil)),
        ("tap compose", .tap(.compose)),
        ("tap menu", .tap(.menu)),
        ("tap cancel", .tap(.cancel)),
        ("tap undo", .tap(.undo)),
        ("tap delete-draft", .tap(.deleteDraft)),
        ("tap keep-draft", .tap(.keepDraft)),
        ("tap segment later", .tap(.segment(.later))),
        ("tap segment mailbox", .tap(.segment(.mailbox))),
        ("tap segment archive", .tap(.segment(.archive))),
        ("compose", .tap(.compose)),
        ("choose tomorrow", .choose("tomorrow")),
        ("choose to-read", .choose("to-read")),
        ("shake", .shake),
        ("type hello", .type("hello")),
        ("type hello   big world", .type("hello   big world")),
        ("advance 0.3", .advance(ms(300))),
        ("advance 1000000000", .advance(sec(1_000_000_000))),
        ("wait 1.5", .advance(ms(1_500))),
        ("advance 0", .advance(.zero)),
        ("settle", .settle),
        ("reset", .reset(messages: nil)),
        ("reset 20", .reset(messages: 20)),
        ("reset 1", .reset(messages: 1)),
        ("reset 500", .reset(messages: 500)),
        ("set fps 120", .set(SettingChange(index: TunableTable.index(of: "fps")!, value: .whole(120)))),
        ("set fps 1", .set(SettingChange(index: TunableTable.index(of: "fps")!, value: .whole(1)))),
        ("set fps 240", .set(SettingChange(index: TunableTable.index(of: "fps")!, value: .whole(240)))),
        ("state", .state(.text)),
        ("state --json", .state(.json)),
        ("show msg1", .show("msg1", .text)),
        ("show msg1 --json", .show("msg1", .json)),
        ("show msg1.icon", .show("msg1.icon", .text)),
        ("colors", .colors),
        ("timeline", .timeline(filter: nil, format: .text)),
        ("timeline --json", .timeline(filter: nil, format: .json)),
        ("timeline msg1", .timeline(filter: "msg1", format: .text)),
        ("timeline msg1 --json", .timeline(filter: "msg1", format: .json)),
        ("render", .render),
        ("save swipe.mbs", .save(file: "swipe.mbs", withExpectations: false)),
        ("save swipe.mbs --expect", .save(file: "swipe.mbs", withExpectations: true)),
        ("help", .help(topic: nil, parameter: nil)),
        ("help set profile", .help(topic: "set", parameter: "profile")),
        ("help pan", .help(topic: "pan", parameter: nil)),
        ("help wait", .help(topic: "wait", parameter: nil)),
        ("quit", .quit),
        ("exit", .quit),
        ("! release", .mustFail(.release(velocity: nil), text: "release")),
        ("!release", .mustFail(.release(velocity: nil), text: "release")),
        (
            "! pan msg1 -100 in 0.1",
            .mustFail(.pan(.message(m1), translation: -100, duration: ms(100)), text: "pan msg1 -100 in 0.1")
        ),
        ("  advance 0.3   # trailing", .advance(ms(300)))
    ]

    @Test(arguments: commands)
    func parses(_ line: String, _ command: Command) throws {
        #expect(try Self.parse(line) == command)
    }

    @Test(arguments: ["", "   ", "# comment", "  # indented", "\t"])
    func blankLinesAndCommentsAreNothing(_ line: String) throws {
        #expect(try Self.parse(line) == nil)
    }

    @Test func expectations() throws {
        #expect(
            try Self.parse("expect msg1.x == -320")
                == Self.expectation(.message(m1, .x), .equal, .number(-320), "msg1.x == -320"))
        #expect(
            try Self.parse("expect msg1.x == -320 within 0.5")
                == Self.expectation(.message(m1, .x), .equal, .number(-320), within: 0.5, "msg1.x == -320 within 0.5"))
        #expect(
            try Self.parse("expect time != 0.3 within 0")
                == Self.expectation(.time, .notEqual, .number(0.3), within: 0, "time != 0.3 within 0"))
        #expect(
            try Self.parse("expect msg3.icon.alpha <= 0.5")
                == Self.expectation(.message(m3, .iconAlpha), .lessOrEqual, .number(0.5), "msg3.icon.alpha <= 0.5"))
        #expect(
            try Self.parse("expect trash.count > 0")
                == Self.expectation(.count(.trash), .greater, .number(0), "trash.count > 0"))
        #expect(
            try Self.parse("expect undo.count >= 1")
                == Self.expectation(.undoCount, .greaterOrEqual, .number(1), "undo.count >= 1"))
        #expect(
            try Self.parse("expect overlay.alpha < 1")
                == Self.expectation(.overlayAlpha, .less, .number(1), "overlay.alpha < 1"))
        #expect(
            try Self.parse("expect animating == false")
                == Self.expectation(.animating, .equal, .bool(false), "animating == false"))
        #expect(
            try Self.parse("expect msg2.folder == archive")
                == Self.expectation(.message(m2, .folder), .equal, .name("archive"), "msg2.folder == archive"))
        #expect(
            try Self.parse("expect overlay != none")
                == Self.expectation(.overlay, .notEqual, .name("none"), "overlay != none"))
        #expect(
            try Self.parse("expect gesture == edgepan")
                == Self.expectation(.gesture, .equal, .name("edgepan"), "gesture == edgepan"))
        #expect(
            try Self.parse("expect msg1.snooze == next-week")
                == Self.expectation(.message(m1, .snooze), .equal, .name("next-week"), "msg1.snooze == next-week"))
        #expect(
            try Self.parse("expect msg1.list == to-watch")
                == Self.expectation(.message(m1, .list), .equal, .name("to-watch"), "msg1.list == to-watch"))
    }

    @Test(arguments: [
        ("expect msg1.background == yellow", "FECA16"), ("expect msg1.background == YELLOW", "FECA16"),
        ("expect msg1.background == #b2b2b2", "B2B2B2"), ("expect msg1.background == #B2B2B2", "B2B2B2"),
        ("expect msg1.background != #e73d0e", "E73D0E"), ("expect tint == blue", "44AAD2"),
        ("expect msg1.background == #123456 # not in the palette", "123456")
    ])
    func colours(_ line: String, _ hex: String) throws {
        guard case .expect(let expectation)? = try Self.parse(line) else {
            Issue.record("not an expect: \(line)")
            return
        }
        #expect(expectation.expected == .color(Color(hex: "#" + hex)!))
    }

    @Test func mustFailKeepsWhatDidNotParse() throws {
        // `!` excuses a refusal of any kind: a missing argument, a bad number, even an unknown command.
        #expect(
            try Self.parse("! pan msg1")
                == .mustFail(
                    .invalid(.missingArgument(command: "pan", parameter: "DX", usage: "pan TARGET DX [in S]")),
                    text: "pan msg1"))
        #expect(
            try Self.parse("! reset 0")
                == .mustFail(
                    .invalid(.wholeNumberOutOfRange(command: "reset", parameter: "N", text: "0", range: 1...500)),
                    text: "reset 0"))
        #expect(
            try Self.parse("! frobnicate 3")
                == .mustFail(.invalid(.unknownCommand("frobnicate", suggestion: nil)), text: "frobnicate 3"))
        #expect(try Self.parse("! tap  cancel  # c") == .mustFail(.tap(.cancel), text: "tap  cancel"))
    }

    // MARK: Errors

    static let errors: [(String, String)] = [
        // Unknown commands, with a suggestion when one is close.
        ("pna msg1 10", "unknown command 'pna' (did you mean 'pan'?)"),
        ("Pan msg1 10", "unknown command 'Pan' (did you mean 'pan'?)"),
        ("relase", "unknown command 'relase' (did you mean 'release'?)"),
        ("advence 1", "unknown command 'advence' (did you mean 'advance'?)"),
        ("frobnicate", "unknown command 'frobnicate'"),
        // Missing arguments, with the usage.
        ("pan", "pan: missing TARGET (usage: pan TARGET DX [in S])"),
        ("pan msg1", "pan: missing DX (usage: pan TARGET DX [in S])"),
        ("pan msg1 10 in", "pan: missing S after 'in' (usage: pan TARGET DX [in S])"),
        ("edgepan", "edgepan: missing DX (usage: edgepan DX [in S])"),
        ("choose", "choose: missing OPTION (usage: choose OPTION)"),
        ("advance", "advance: missing S (usage: advance S)"),
        ("wait", "advance: missing S (usage: advance S)"),
        ("set fps", "set: missing VALUE (usage: set NAME VALUE)"),
        ("type", "type: missing TEXT (usage: type TEXT)"),
        ("show", "show: missing PATH (usage: show PATH [--json])"),
        ("expect msg1.x", "expect: missing OP (usage: expect PATH OP VALUE [within TOL])"),
        ("expect msg1.x ==", "expect: missing VALUE (usage: expect PATH OP VALUE [within TOL])"),
        ("expect msg1.x == 3 within", "expect: missing TOL after 'within' (usage: expect PATH OP VALUE [within TOL])"),
        ("save", "save: missing FILE (usage: save FILE [--expect] [--force])"),
        ("!", "!: missing COMMAND (usage: ! COMMAND)"),
        // Extra words, and a `#` that is not a comment.
        ("release 10 20", "release: unexpected '20' (usage: release [VX])"),
        ("pan msg1 10 fast", "pan: unexpected 'fast' (usage: pan TARGET DX [in S])"),
        (
            "advance 0.3 #c",
            """
            advance: '#c' is not a comment: a comment starts with ' # ' ('#' with a blank on each side): write \
            'advance 0.3 # c'
            """
        ),
        // A `#` glued to its comment where an argument may stand, and an operator glued to its neighbours.
        (
            "release #lift",
            """
            release: '#lift' is not a comment: a comment starts with ' # ' ('#' with a blank on each side): write \
            'release # lift'
            """
        ),
        (
            "reset #5",
            """
            reset: '#5' is not a comment: a comment starts with ' # ' ('#' with a blank on each side): write \
            'reset # 5'
            """
        ),
        ("expect msg1.x==0", "expect: put a blank on each side of the operator: write 'expect msg1.x == 0'"),
        ("expect msg1.x ==0", "expect: put a blank on each side of the operator: write 'expect msg1.x == 0'"),
        ("expect msg1.x== 0", "expect: put a blank on each side of the operator: write 'expect msg1.x == 0'"),
        (
            "expect msg1.x>=-3 within 1",
            "expect: put a blank on each side of the operator: write 'expect msg1.x >= -3 within 1'"
        ),
        // Words a newcomer tries for a command: a deliberate hint from the table, not edit distance.
        ("undo", "unknown command 'undo' (did you mean 'shake'?)"),
        ("drag msg1 -100", "unknown command 'drag' (did you mean 'pan'?)"),
        ("swipe msg1 -100", "swipe: '-100' is not near or far"),
        ("help undo", "no command 'undo' (did you mean 'shake'?); `help` lists them"),
        ("settle now", "settle: unexpected 'now' (usage: settle)"),
        // Options: a flag misspelled, or where a value goes.
        ("state --jsn", "state: unknown option '--jsn' (did you mean '--json'?)"),
        ("state --pretty", "state: unknown option '--pretty' (usage: state [--json])"),
        ("state --json --json", "state: unexpected '--json' (usage: state [--json])"),
        ("show msg1 --jsno", "show: unknown option '--jsno' (did you mean '--json'?)"),
        ("show --jsn", "show: unknown option '--jsn' (did you mean '--json'?)"),
        ("show --json", "show: missing PATH (usage: show PATH [--json])"),
        ("timeline --jsn", "timeline: unknown option '--jsn' (did you mean '--json'?)"),
        ("timeline msg1 --Json", "timeline: unknown option '--Json' (did you mean '--json'?)"),
        ("save a.mbs --expcet", "save: unknown option '--expcet' (did you mean '--expect'?)"),
        // Numbers: not numbers, not finite, out of range.
        ("advance x", "'x' is not a number"),
        ("advance 1.2.3", "'1.2.3' is not a number"),
        ("advance nan", "'nan' is not a finite number"),
        ("pan msg1 inf", "'inf' is not a finite number"),
        ("pan msg1 1e308", "'1e308' is out of range (write numbers as plain decimals, like 0.3 or -180)"),
        ("pan msg1 10001", "pan: DX '10001' is out of range (−10000…10000)"),
        ("pan msg1 -10000.5", "pan: DX '-10000.5' is out of range (−10000…10000)"),
        ("pan msg1 10 in 3601", "pan: S '3601' is out of range (0…3600 seconds)"),
        ("release 1000001", "release: VX '1000001' is out of range (−1000000…1000000)"),
        ("advance -1", "advance: a duration cannot be negative (got -1)"),
        ("advance -0.001", "advance: a duration cannot be negative (got -0.001)"),
        ("pan msg1 10 in -0.3", "pan: a duration cannot be negative (got -0.3)"),
        ("advance 1000000000.5", "advance: S '1000000000.5' is out of range (0…1000000000 seconds)"),
        ("reset 0", "reset: N must be a whole number from 1 to 500 (got '0')"),
        ("reset 501", "reset: N must be a whole number from 1 to 500 (got '501')"),
        ("reset 2.5", "reset: N must be a whole number from 1 to 500 (got '2.5')"),
        ("reset -3", "reset: N must be a whole number from 1 to 500 (got '-3')"),
        ("set fps 0", "set fps: N must be a whole number from 1 to 240 (got '0')"),
        ("set fps 241", "set fps: N must be a whole number from 1 to 240 (got '241')"),
        ("set fps 59.5", "set fps: N must be a whole number from 1 to 240 (got '59.5')"),
        ("expect msg1.x == 3 within -1", "a tolerance cannot be negative (got -1)"),
        // Unknown targets, settings, operators, segments, topics.
        ("pan msg0 10", "unknown target 'msg0' (did you mean 'msg1'?): pan takes msgN or content"),
        ("pan contnet 10", "unknown target 'contnet' (did you mean 'content'?): pan takes msgN or content"),
        (
            "tap undp",
            """
            unknown tap target 'undp' (did you mean 'undo'?): tap takes compose, menu, cancel, undo, \
            delete-draft, keep-draft, to, subject, body, segment NAME, or nothing
            """
        ),
        (
            "tap xyzzy",
            """
            unknown tap target 'xyzzy': tap takes compose, menu, cancel, undo, delete-draft, keep-draft, to, \
            subject, body, segment NAME, or nothing
            """
        ),
        ("tap segment", "tap segment: missing NAME (later, mailbox or archive)"),
        (
            "tap segment archve",
            "unknown segment 'archve' (did you mean 'archive'?): the segments are later, mailbox and archive"
        ),
        ("tap segment inbox", "unknown segment 'inbox': the segments are later, mailbox and archive"),
        ("set fsp 30", "unknown parameter 'fsp' (did you mean 'fps'?): `params` lists them"),
        ("help pna", "no command 'pna' (did you mean 'pan'?); `help` lists them"),
        ("expect msg1.x = 3", "unknown operator '=': use ==, !=, <, <=, > or >="),
        ("expect msg1.x >> 3", "unknown operator '>>': use ==, !=, <, <=, > or >="),
        // Unknown paths, with a suggestion.
        ("expect msg1.backgrund == gray", "unknown property 'msg1.backgrund' (did you mean 'msg1.background'?)"),
        ("expect msg2.icon.alfa == 1", "unknown property 'msg2.icon.alfa' (did you mean 'msg2.icon.alpha'?)"),
        ("expect tiem == 0", "unknown property 'tiem' (did you mean 'time'?)"),
        ("expect inbox.cont == 4", "unknown property 'inbox.cont' (did you mean 'inbox.count'?)"),
        ("expect colour == red", "unknown property 'colour'"),
        // `within` only for numeric == and !=.
        ("expect msg1.x < 3 within 1", "within applies to numeric == and != only"),
        ("expect msg1.x >= 3 within 1", "within applies to numeric == and != only"),
        ("expect msg1.background == gray within 1", "within applies to numeric == and != only"),
        ("expect msg1.folder != inbox within 0.1", "within applies to numeric == and != only"),
        // Colours and names only with == and !=.
        ("expect msg1.background > gray", "msg1.background is a colour: compare it with == or !="),
        ("expect msg1.background <= #B2B2B2", "msg1.background is a colour: compare it with == or !="),
        ("expect msg1.folder < inbox", "msg1.folder is a name: compare it with == or !="),
        ("expect overlay >= none", "overlay is a name: compare it with == or !="),
        ("expect animating < true", "animating is true or false: compare it with == or !="),
        // Values that do not fit the path.
        (
            "expect msg1.background == grey",
            """
            'grey' is not a colour (did you mean 'gray'?): use a palette name (gray, yellow, brown, green, red, \
            blue) or #RRGGBB
            """
        ),
        (
            "expect msg1.background == #B2B2B",
            "'#B2B2B' is not a colour: use a palette name (gray, yellow, brown, green, red, blue) or #RRGGBB"
        ),
        (
            "expect msg1.folder == archiv",
            "msg1.folder is one of inbox, later, list, archive, trash, not 'archiv' (did you mean 'archive'?)"
        ),
        ("expect animating == yes", "animating is true or false, not 'yes'"),
        ("expect msg1.x == left", "'left' is not a number"),
        ("expect msg1.x == nan", "'nan' is not a finite number"),
        // `!` cannot wrap an expectation or another `!`.
        ("! expect msg1.x == 0", "'! expect' is not a check: write the opposite operator instead"),
        ("! ! release", "'! !' is not allowed"),
        // Control characters.
        ("advance\u{0} 1", "control character U+0000 at column 8")
    ]

    @Test(arguments: errors)
    func refuses(_ line: String, _ message: String) {
        #expect(Self.error(line) == message)
    }

    @Test func everyCommandOfSpecSection4IsInTheTable() {
        let names = Set(CommandTable.names)
        for name in [
            "pan", "edgepan", "release", "tap", "compose", "choose", "shake", "type", "advance", "wait",
            "settle", "reset", "set", "state", "show", "colors", "timeline", "render", "save", "expect",
            "!", "help", "quit", "exit"
        ] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(CommandTable.spec(named: "pan")?.synopsis == "pan TARGET DX [in S]")
        #expect(CommandTable.spec(named: "expect")?.synopsis == "expect PATH OP VALUE [within TOL]")
    }

    /// `help paths` is a topic of its own: every property path with its type, from the one table.
    @Test func helpPathsListsEveryPathWithItsType() throws {
        #expect(try Self.parse("help paths") == .help(topic: "paths", parameter: nil))
        var session = Session()
        let outcome = try session.execute(.line("help paths"))
        #expect(outcome.report == .help(.paths))
        let text = HelpText.lines(.paths).map(\.text)
        for (name, _) in PropertyPath.templatesWithTypes {
            #expect(text.contains { $0.hasPrefix("  \(name) ") }, "\(name)")
        }
        #expect(
            text.contains { $0.hasPrefix("  msgN.background ") && $0.hasSuffix(" colour (a palette name or #RRGGBB)") })
        #expect(
            text.contains {
                $0.hasPrefix("  msgN.folder ") && $0.hasSuffix("one of inbox, later, list, archive, trash")
            })
    }
}
