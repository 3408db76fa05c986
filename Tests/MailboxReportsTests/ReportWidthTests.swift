import Testing

@testable import MailboxAnimation
@testable import MailboxReports
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// Reports (tables the user reads) round to 3 decimals and fit 80 columns; messages,
/// `--json` and `save --expect` keep the exact value; `set` says what it set, and what a profile changed.
@Suite struct ReportWidthTests {
    /// Runs `lines` at the prompt; the last line's report as text, at `layout`.
    static func report(_ lines: [String], layout: Layout = .plain, interactive: Bool = true) throws -> [String] {
        var session = Session(interactive: interactive)
        var outcome = Session.Outcome()
        for line in lines { outcome = try session.execute(.line(line[...])) }
        guard let report = outcome.report else { return [] }
        return TextRenderer.styledLines(report, layout).map(\.text)
    }

    /// The width a terminal gives a line (a swatch counts its cells).
    static func width(_ line: StyledLine, _ layout: Layout) -> Int {
        line.width(swatchWidth: layout.swatchWidth)
    }

    static let screens: [[String]] = [
        ["pan msg1 -180", "release", "advance 0.45"],  // the overlay fading in, a running animation
        ["pan msg1 300 in 0", "release", "settle", "pan msg2 -300", "release", "settle", "tap", "settle", "shake"],
        ["compose", "settle", "type someone.with.a.long.name@example.com"],
        ["set profile swipecellkit", "set threshold.left.near 90", "tap segment later", "advance 0.1"]
    ]

    @Test(arguments: screens.indices)
    func everyTableFitsEightyColumns(_ index: Int) throws {
        for looking in ["state", "colors", "params", "show msg1", "show param"] {
            for layout in [Layout.plain, Layout(swatchWidth: 3)] {
                var session = Session(interactive: true)
                for line in Self.screens[index] { _ = try session.execute(.line(line[...])) }
                let outcome = try session.execute(.line(looking[...]))
                let report = try #require(outcome.report)
                for line in TextRenderer.styledLines(report, layout) {
                    #expect(
                        Self.width(line, layout) <= 80,
                        "\(looking) after \(Self.screens[index]): \(line.text.count) columns: \(line.text)")
                }
            }
        }
    }

    /// Every help page fits 80 columns, its prose wrapped at blanks (SPEC §7.11).
    @Test func everyHelpPageFitsEightyColumns() throws {
        let pages = ["help", "help paths"] + CommandTable.all.map { "help " + $0.name }
        for page in pages {
            let lines = try Self.report([page])
            #expect(!lines.isEmpty, "\(page)")
            for line in lines {
                #expect(line.count <= 80, "\(page): \(line.count) columns: \(line)")
                #expect(!line.hasSuffix(" "), "\(page): a blank at the end: \(line)")
            }
        }
        // Wrapped, not cut: every word of a command's details is there, in order.
        let set = try #require(CommandTable.all.first { $0.name == "set" })
        let page = try Self.report(["help set"]).joined(separator: " ")
        #expect(page.contains(set.details.split(separator: " ").joined(separator: " ")))
        // A description wraps under its column; a name too wide for its column has a line of its own.
        let commands = try Self.report(["help"])
        let pan = try #require(commands.firstIndex { $0.hasPrefix("  pan ") })
        let column = commands[pan].distance(
            from: commands[pan].startIndex,
            to: try #require(commands[pan].range(of: "drag"))
                .lowerBound)
        #expect(
            commands[pan + 1].prefix(column).allSatisfy { $0 == " " }
                && commands[pan + 1].dropFirst(column).first != " ")
        let parameters = try Self.report(["help set"])
        let profile = try #require(parameters.firstIndex { $0.hasPrefix("  set profile ") })
        // set profile's alternatives are wider than the list: cut after a `|`, the rest indented under the name.
        #expect(
            parameters[profile].hasSuffix("|") && parameters[profile + 1].hasPrefix("      ")
                && parameters[profile + 1].dropFirst(6).first != " ")
        let names = parameters[profile...].prefix { !$0.hasPrefix("  set threshold") }.joined().filter {
            !$0.isWhitespace
        }
        #expect(names.contains(Profile.allCases.map(\.rawValue).joined(separator: "|")))
    }

    @Test func stateWithFiveRowsIsTwoTablesWithinEightyColumns() throws {
        let lines = try Self.report(["pan msg1 -180", "state"])
        #expect(lines.contains("msg   folder     x    y  height  alpha  snooze  list"))
        #expect(lines.contains("msg1  yellow #FECA16  later           1     170"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func reportsRoundTimesToThreeDecimalsMessagesKeepThemExact() throws {
        let script = ["advance 1.066882954", "set duration.slide 0.1234567", "pan msg1 -180", "release"]
        let state = try Self.report(script + ["state"])
        #expect(state.first == "time 1.367s  animating true  gesture none")
        #expect(state.last == "  msg1.x -180 → -320, 0% of 0.123s easeInOut, now -180")
        let timeline = try Self.report(script + ["timeline msg1"])
        #expect(timeline.last == "   1.367  msg1.x -180 → -320 over 0.123s easeInOut")
        #expect(try Self.report(script + ["show time"]) == ["time = 1.367"])
        // Exact where exactness is asked: `--json`, a failure's message, `params` (the value as set).
        #expect(try Self.report(script + ["show time --json"]).first?.contains("1.366882954") == true)
        var session = Session()
        for line in script { _ = try session.execute(.line(line[...])) }
        let failed = try session.execute(.line("expect time == 1"))
        guard case .failed(let failure)? = failed.check else {
            Issue.record("the expect held")
            return
        }
        #expect(failure.message.hasSuffix("got 1.366882954"))
        #expect(
            try Self.report(script + ["params"]).contains { $0.contains("duration.slide") && $0.contains("0.1234567") })
    }

    @Test func setSaysWhatItSetAtThePrompt() throws {
        #expect(try Self.report(["set duration.slide 0.5"]) == ["duration.slide = 0.5 (was 0.3)"])
        #expect(try Self.report(["set fps 60"]) == ["fps = 60 (unchanged)"])
        #expect(
            try Self.report(["set threshold.near 80"])
                == [
                    """
                    threshold.near = 80 (was 60); with it 2 parameters changed: threshold.left.near 60 → 80, \
                    threshold.right.near 60 → 80
                    """
                ])
        let profile = try Self.report(["set profile mcswipe"])
        #expect(profile.count == 1)
        #expect(
            profile[0].hasPrefix(
                "profile = mcswipe (was mailbox); with it 10 parameters changed: threshold.near 60 → 80, "
                    + "threshold.far 260 → 240, "
            ))
        // A script run that is not traced prints only what its looking commands print.
        #expect(try Self.report(["set duration.slide 0.5"], interactive: false).isEmpty)
    }
}
