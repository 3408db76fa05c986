import MailboxAnimation
import MailboxSim
import MailboxText

/// Every command of the script language (SPEC §4), in the order `help` lists them.
public enum CommandTable {
    /// Every command, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        pan, edgepan, release, flick, tap, compose, choose, shake, type, advance, settle, reset, set, params, act,
        state,
        show, colors, timeline, render, snapshot, export, save, load, expect, bang, help, quit
    ]

    /// The word `help` takes, besides command names, for the list of property paths.
    public static let pathsTopic = "paths"

    /// The command meant by an unknown command `name`: the one it is a synonym of (`undo` → shake), else the
    /// nearest name by spelling, else nil.
    public static func suggestion(for name: some StringProtocol) -> String? {
        if let spec = all.first(where: { $0.synonyms.contains(String(name)) }) { return spec.name }
        return nearest(String(name), in: names)
    }

    /// The command answering to `name`, if any.
    public static func spec(named name: some StringProtocol) -> CommandSpec? {
        position(of: name).map { all[$0] }
    }

    /// Where the command answering to `name` (a name or an alias) sits in `all`. The fast path finds its
    /// commands by their keys instead (`FastParser.Tables`).
    static func position(of name: some StringProtocol) -> Int? {
        all.firstIndex { spec in spec.names.contains { $0 == name } }
    }

    /// Every name and alias, for suggestions and completion.
    public static var names: [String] { all.flatMap({ $0.names }) }

    private static func buildExpectation(_ a: Arguments) throws(ScriptError) -> Command {
        guard case .path(let path)? = a[.path], case .comparison(let op)? = a[.op], case .word(let raw)? = a[.value]
        else {
            throw Arguments.missing(.path, "expect")
        }
        return try expectation(path, op, raw, tolerance: a.number(.tolerance)?.value)
    }

    /// `expect PATH OP VALUE [within TOL]` from its parts, checked against the path's type (the table's builder
    /// and `FastParser` both make it here).
    static func expectation(
        _ path: PropertyPath, _ op: Comparison, _ raw: Substring,
        tolerance: Double?
    ) throws(ScriptError) -> Command {
        let type = path.valueType
        if type != .number && !op.isEquality { throw .orderOnUnordered(path: path.name, type) }
        if tolerance != nil && (type != .number || !op.isEquality) { throw .toleranceNotNumericEquality }
        // A quoted value (`"hello world"`) stands for its text; the failure message shows it as written.
        let expected = try Value.parse(Parser.unquoted(raw).map { $0[...] } ?? raw, as: type, for: path)
        return .expect(
            Expectation(
                path: path, comparison: op, expected: expected,
                tolerance: tolerance ?? Expectation.defaultTolerance, value: raw,
                within: tolerance.map { formatNumber($0, decimals: 9) }))
    }
}

/// The commands, one entry each: name, traits, parameters, help and builder.
extension CommandTable {
    static let pan = CommandSpec(
        "pan", traits: [.moves, .beginsInteraction, .movesFinger], synonyms: ["drag", "swipe"],
        [
            .required(.target, .panTarget), .required(.dx, .distance),
            .optional(.seconds, .duration(max: ScriptLimits.maxPanSeconds), after: "in")
        ],
        summary: "drag a message (msgN) or the open menu's content to translation DX",
        details: """
            Puts a finger down on TARGET if none is down, then moves it to translation DX (points from \
            where it went down) at constant speed over S seconds (default \(ScriptLimits.defaultPanDuration.decimalSeconds)), sampled at the frame rate; \
            the clock advances by S. A second pan on the same target continues the gesture.
            """,
        example: "pan msg1 -180 in 0.3"
    ) { a throws(ScriptError) in
        guard case .panTarget(let target)? = a[.target] else { throw Arguments.missing(.target, "pan") }
        return .pan(target, translation: try a.required(number: .dx, of: "pan").value, duration: a.ticks(.seconds))
    }
    static let edgepan = CommandSpec(
        "edgepan", traits: [.moves, .beginsInteraction, .movesFinger],
        [.required(.dx, .distance), .optional(.seconds, .duration(max: ScriptLimits.maxPanSeconds), after: "in")],
        summary: "pan from the screen's left edge to reveal the menu",
        details:
            "Like pan, for a finger that starts on the screen's left edge: content.x follows DX, clamped to 0…\(formatNumber(Metrics.screenWidth)).",
        example: "edgepan 200 in 0.25"
    ) { a throws(ScriptError) in
        .edgePan(translation: try a.required(number: .dx, of: "edgepan").value, duration: a.ticks(.seconds))
    }
    static let release = CommandSpec(
        "release", traits: [.changes, .liftsFinger], [.optional(.velocity, .velocity(max: ScriptLimits.maxVelocity))],
        summary: "lift the finger, optionally with velocity VX (pt/s)",
        details:
            "Lifts the finger. The zone at release decides what happens; VX overrides the velocity, which is otherwise that of the last sampled movement.",
        example: "release"
    ) { a throws(ScriptError) in
        .release(velocity: a.number(.velocity)?.value)
    }
    static let flick = CommandSpec(
        "flick", traits: [.moves, .beginsInteraction, .movesFinger, .liftsFinger],
        [.required(.message, .message), .required(.velocity, .velocity(max: ScriptLimits.maxFlickVelocity))],
        summary: "a quick swipe of msgN: a pan at VX pt/s and a release at VX, in one line",
        details: """
            Puts a finger down on msgN, moves it at constant speed VX (points a second; negative \
            is left) for \(ScriptLimits.flickDuration.decimalSeconds) s, sampled at the frame rate, and lifts it with \
            velocity VX: the same as `pan msgN D in \(ScriptLimits.flickDuration.decimalSeconds)` then `release VX`, \
            with D = VX × \(ScriptLimits.flickDuration.decimalSeconds). The zone where the row ends decides, as \
            for any release; VX counts where velocity does (escape.velocity, a spring's start). \
            Refused while a finger is down.
            """,
        example: "flick msg1 -1500"
    ) { a throws(ScriptError) in
        guard case .panTarget(.message(let id))? = a[.message] else { throw Arguments.missing(.message, "flick") }
        return .flick(id, velocity: try a.required(number: .velocity, of: "flick").value)
    }
    static let tap = CommandSpec(
        "tap", traits: [.changes, .beginsInteraction], synonyms: ["click", "press"], [.optional(.target, .tapTarget)],
        summary: "tap what is on top, or "
            + TapTarget.words.map { $0.target == nil ? $0.word + " NAME" : $0.word }
            .joined(separator: ", "),
        details:
            "With no target, taps what is on top: it dismisses an options overlay, and is an error when nothing is up. `tap cancel` cancels what is up: the options overlay (the message slides back), the compose sheet (whatever was typed; with `set compose.draft-alert on`, asking about the draft first), or an alert. `tap undo` answers the undo alert; `tap delete-draft` and `tap keep-draft` the draft alert (both close the sheet; keep-draft keeps the text for the next compose). `tap menu` opens or closes the menu; `tap segment NAME` selects later, mailbox or archive.",
        example: "tap cancel"
    ) { a throws(ScriptError) in
        if case .tapTarget(let target)? = a[.target] { return .tap(target) }
        return .tap(nil)
    }
    static let compose = CommandSpec(
        "compose", traits: [.changes, .beginsInteraction], summary: "open the compose sheet (tap compose)",
        details: "The same as `tap compose`.", example: "compose"
    ) { _ throws(ScriptError) in .tap(.compose) }
    static let choose = CommandSpec(
        "choose", traits: [.changes, .beginsInteraction], [.required(.option, .overlayOption)],
        summary: "pick an option on the reschedule or list overlay",
        details: "Dismisses the overlay like a tap and records OPTION on the message (msgN.snooze or msgN.list).",
        example: "choose tomorrow"
    ) { a throws(ScriptError) in .choose(try a.required(word: .option, of: "choose")) }
    static let shake = CommandSpec(
        "shake", traits: [.changes, .beginsInteraction], synonyms: ["undo"], summary: "shake to undo",
        details:
            "With nothing to undo, prints \"Nothing to undo.\" and shows no alert; otherwise shows the alert \"Undo last action?\" (tap undo or tap cancel). Undo is a stack over archive, delete, later and list.",
        example: "shake"
    ) { _ throws(ScriptError) in .shake }
    static let type = CommandSpec(
        "type", traits: .changes, [.required(.text, .text)], summary: "type into the compose sheet's focused field",
        details: "Types TEXT (the rest of the line) into the focused field of the compose sheet.",
        example: "type hello"
    ) { a throws(ScriptError) in .type(try a.required(word: .text, of: "type")) }
    static let advance = CommandSpec(
        "advance", traits: .moves, aliases: ["wait"], synonyms: ["sleep"],
        [.required(.seconds, .duration(max: ScriptLimits.maxAdvanceSeconds))],
        summary: "move the clock S seconds",
        details:
            "Moves the virtual clock S seconds; animations that complete on the way start their follow-ups at their exact end time. Costs the same for any S.",
        example: "advance 0.15"
    ) { a throws(ScriptError) in .advance(try a.required(number: .seconds, of: "advance").ticks ?? .zero) }
    static let settle = CommandSpec(
        "settle", traits: .moves, summary: "advance until no animation runs",
        details: "Advances the clock to the end of the last running animation, follow-ups included.",
        example: "settle"
    ) { _ throws(ScriptError) in .settle }
    static let reset = CommandSpec(
        "reset", traits: [.changes, .beginsInteraction], [.optional(.count, .wholeNumber(1...Metrics.maxMessageCount))],
        summary: "a fresh screen with N messages (default \(Metrics.defaultMessageCount))",
        details:
            "Starts again at time 0 with N messages, an empty timeline and undo stack. Settings such as fps are kept. The feed does not scroll: rows whose top is at or past the screen's bottom (y 568; msg6 on, at first) are off screen, and pan and act cannot reach them.",
        example: "reset 20"
    ) { a throws(ScriptError) in .reset(messages: a.number(.count)?.integer) }
    static let set = CommandSpec(
        "set", traits: .changes, [.required(.name, .setting), .required(.value, .settingValue)],
        summary: "tune a parameter: set NAME VALUE... (params lists them; help set explains each)",
        details: """
            Changes one number or rule of the behaviour; SPEC's values are the defaults and reset keeps \
            what was set. expect param.NAME and show param.NAME read a parameter; params lists them all. \
            A curve is linear, easeIn, easeOut, easeInOut, default, bezier X1 Y1 X2 Y2, or spring DAMPING \
            RESPONSE (damping ratio, and response in seconds: stiffness (2π/response)², damping \
            4π·ratio/response); a spring lasts until it settles (within 0.5 pt and 1 pt/s of its target; \
            alpha within 0.002 and 0.004/s), whatever the duration, and one on slide or snap starts with \
            the release velocity. A spring may be written in another tool's notation, converted exactly to a \
            damping ratio and a response (docs/tuning.md gives each formula and its source):
            """ + " " + SpringNotation.all.map({ $0.form }).joined(separator: ", ") + """
                . A value the screen cannot take is refused and changes nothing.
                """,
        example: "set threshold.left.near 80"
    ) { a throws(ScriptError) in
        let name = try a.required(word: .name, of: "set")
        let value = try a.required(word: .value, of: "set")
        return .set(try TunableTable.change(name: name[...], words: value.split(whereSeparator: { $0.isWhitespace })))
    }
    static let params = CommandSpec(
        "params", traits: .looks, [.flag(.json)], summary: "list every tunable parameter: value, default, what it does",
        details:
            "Lists every parameter set tunes, with its value now, SPEC's default and what it does; marks with * those that differ from the profile's value, and names the profile. With --json, one line of JSON: {\"profile\", \"differing\", \"parameters\": [{\"name\", \"value\", \"default\", \"differs\", \"summary\"}]}.",
        example: "params"
    ) { a throws(ScriptError) in .params(ReportFormat(json: a.flag(.json))) }
    static let act = CommandSpec(
        "act", traits: [.changes, .beginsInteraction, .outlined],
        [.required(.message, .message), .required(.action, .accessibilityAction)],
        summary: "an accessibility action on msgN: later, list, archive or delete, without a gesture",
        details:
            "Does what VoiceOver's custom actions do (SwipeCellKit's accessibility actions): the row slides out from where it is (x 0 at rest) as a release in that zone does, then the overlay or the hide follows. Refused wherever a finger going down on the row would be.",
        example: "act msg2 archive"
    ) { a throws(ScriptError) in
        guard case .panTarget(.message(let id))? = a[.message] else { throw Arguments.missing(.message, "act") }
        let word = try a.required(word: .action, of: "act")
        guard let action = AccessibilityAction(rawValue: word) else {
            throw .unknownAction(word, suggestion: nil, actions: AccessibilityAction.allCases.map({ $0.rawValue }))
        }
        return .act(id, action)
    }
    static let state = CommandSpec(
        "state", traits: .looks, [.flag(.json)], summary: "print the whole screen state",
        details:
            "Prints the clock, what is up, the counts, and every message row. With --json, one line of JSON: {\"time\", \"properties\": every property path and its value, \"overlay\", \"animations\"}.",
        example: "state --json"
    ) { a throws(ScriptError) in .state(ReportFormat(json: a.flag(.json))) }
    static let show = CommandSpec(
        "show", traits: .looks, [.required(.path, .pathPrefix), .flag(.json)],
        summary: "print one view or property",
        details:
            "Prints PATH and every property under it: `show msg1`, `show msg1.icon`, `show overlay`. With --json, one line of JSON: an object of each path and its value.",
        example: "show msg1"
    ) { a throws(ScriptError) in .show(try a.required(word: .path, of: "show"), ReportFormat(json: a.flag(.json))) }
    static let colors = CommandSpec(
        "colors", traits: .looks, summary: "print the palette and the colours on screen now",
        details: "Lists the palette with hex values, then the colour each visible row shows.",
        example: "colors"
    ) { _ throws(ScriptError) in .colors }
    static let timeline = CommandSpec(
        "timeline", traits: .looks, [.optional(.target, .subject), .flag(.json)],
        summary: "print the animations and events so far",
        details:
            "Prints every animation (start, property, from → to, duration, curve) and event, oldest first; TARGET keeps those of one view (msg1, overlay, screen). With --json, one line of JSON: {\"entries\": [...], \"dropped\", \"capacity\"}.",
        example: "timeline msg1"
    ) { a throws(ScriptError) in
        .timeline(filter: a.word(.target), format: ReportFormat(json: a.flag(.json)))
    }
    static let render = CommandSpec(
        "render", traits: .looks, summary: "draw the screen as text",
        details: "Draws the navigation bar, the rows with their offset, colour and icon, and what covers the screen.",
        example: "render"
    ) { _ throws(ScriptError) in .render }
    static let snapshot = CommandSpec(
        "snapshot", traits: .touchesFiles,
        [
            .required(.file, .file),
            .optional(.seconds, .wholeNumber(PictureRequest.scales), after: "scale")
        ],
        summary: "draw the screen now into FILE (.svg or .png)",
        details:
            "Writes a picture of the screen now: SVG or PNG, chosen by FILE's extension. A PNG is drawn at scale S (\(PictureRequest.scales.lowerBound)…\(PictureRequest.scales.upperBound), default \(PictureRequest.defaultScale)): point (x, y) is pixel (S·x, S·y), so the default picture is \(PictureRequest.defaultScale * Int(Metrics.screenWidth)) × \(PictureRequest.defaultScale * Int(Metrics.screenHeight)). In a script FILE is relative to the script's folder (mailsim run dir/a.mbs with snapshot a.png writes dir/a.png); at the prompt and on standard input, to the current directory. Changes nothing and takes no time.",
        example: "snapshot swipe.png scale 1"
    ) { a throws(ScriptError) in
        .snapshot(
            try PictureRequest.Target(
                file: try a.required(word: .file, of: "snapshot"), scale: a.number(.seconds)?.integer))
    }
    static let export = CommandSpec(
        "export", traits: .touchesFiles, [.required(.format, .exportFormat), .required(.file, .file), .flag(.force)],
        summary: "write the settings in force as code or design tokens: "
            + ExportFormat.names.joined(separator: ", "),
        details: "Writes the parameters in force now (the profile and every set) to FILE as FORMAT, the hand-off "
            + "to an app or a design tool (docs/handoff.md): "
            + ExportFormat.allCases.map { "\($0.rawValue), \($0.summary)" }.joined(separator: "; ")
            + ". `mailsim export FORMAT SCRIPT` writes the same from the command line. In a script FILE is relative "
            + "to the script's folder, at the prompt to the current directory, as for snapshot. An existing FILE is "
            + "replaced only with --force (at the prompt, also when you answer y to `overwrite FILE? [y/N]`); "
            + "the script being run is never replaced. Changes nothing and takes no time.",
        example: "export swift MailboxInteraction.swift"
    ) { a throws(ScriptError) in
        guard let format = a.word(.format).flatMap(ExportFormat.init(rawValue:)) else {
            throw Arguments.missing(.format, "export")
        }
        return .export(format, file: try a.required(word: .file, of: "export"), force: a.flag(.force))
    }
    static let save = CommandSpec(
        "save", traits: .touchesFiles, [.required(.file, .file), .flag(.expect), .flag(.force)],
        summary: "write the session's commands as a script",
        details:
            "Writes the commands typed so far to FILE, as a script that `mailsim run` replays; --expect appends expect lines that pin the current state. Refused while a finger is down (release first). An existing FILE is replaced only when you answer y to `overwrite FILE? [y/N]`, or with --force.",
        example: "save swipe.mbs --expect", interactiveOnly: true
    ) { a throws(ScriptError) in
        .save(file: try a.required(word: .file, of: "save"), withExpectations: a.flag(.expect), force: a.flag(.force))
    }
    static let load = CommandSpec(
        "load", traits: .touchesFiles, [.required(.file, .file)],
        summary: "play a script into this session and go on from there",
        details:
            "Runs FILE's lines in this session, printing what they print; a failed expect is reported as FILE:LINE and the load goes on; an error stops it at FILE:LINE, and the lines before it stay run. quit in FILE ends the load. The lines run are kept for save as themselves. A file cannot load itself, directly or through others. FILE is relative to the current directory, and a FILE named in a loaded file (load, snapshot, save) to that file's folder.",
        example: "load swipe.mbs", interactiveOnly: true
    ) { a throws(ScriptError) in
        .load(file: try a.required(word: .file, of: "load"))
    }
    static let expect = CommandSpec(
        "expect", traits: .checks,
        [
            .required(.path, .path), .required(.op, .comparison), .required(.value, .value),
            .optional(.tolerance, .tolerance, after: "within")
        ],
        summary: "assert a property: expect PATH OP VALUE [within TOL]",
        details:
            "OP is ==, !=, <, <=, >, >=. Numeric == and != compare within \(formatNumber(Expectation.defaultTolerance)) unless within TOL is given. Colours take a palette name or #RRGGBB; colours and names compare with == and != only.",
        example: "expect msg1.background == yellow"
    ) { a throws(ScriptError) in try buildExpectation(a) }
    static let bang = CommandSpec(
        "!", traits: .checks, [.required(.command, .command)], summary: "assert that COMMAND is refused",
        details:
            "Succeeds when COMMAND fails with an error (and so changes nothing), whatever the error, an unknown command name included; a `!` command that succeeds is a failed expectation.",
        example: "! release"
    ) { a throws(ScriptError) in
        guard case .command(let command, let text)? = a[.command] else { throw Arguments.missing(.command, "!") }
        return .mustFail(command, text: text)
    }
    static let help = CommandSpec(
        "help", traits: .looks, [.optional(.command, .commandName), .optional(.name, .setting)],
        summary: "list commands, or explain one; help paths: the property paths",
        details:
            "Lists every command with its synopsis; `help NAME` explains one with an example; `help paths` lists every property path that expect and show read, with its type; `help set NAME` explains one parameter (`help set profile`: every profile's numbers and where each comes from).",
        example: "help pan"
    ) { a throws(ScriptError) in .help(topic: a.word(.command), parameter: a.word(.name)) }
    static let quit = CommandSpec(
        "quit", traits: .touchesFiles, aliases: ["exit"], summary: "leave the REPL",
        details: "Leaves the REPL (Ctrl-D on an empty line does too). In a script it ends the script.",
        example: "quit"
    ) { _ throws(ScriptError) in .quit }
}
