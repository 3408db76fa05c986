import MailboxAnimation
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText

// The property tests' and the fuzz target's command lines (tools/fuzz.sh compiles this file into it): the
// library's public (and package) API alone.

/// SplitMix64: a small seeded generator, so that every property test replays exactly from its seed. Given
/// bytes, it hands them out first, eight at a time (so that a fuzzer's input steers the choices), then goes on
/// from a seed.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    private var bytes: [UInt8] = []
    private var used = 0
    public init(seed: UInt64) { state = seed }
    public init(bytes: [UInt8]) {
        state = 0
        self.bytes = bytes
    }
    public mutating func next() -> UInt64 {
        if used + 8 <= bytes.count {
            defer { used += 8 }
            return bytes[used..<used + 8].reduce(0) { $0 << 8 | UInt64($1) }
        }
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    public mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &self)! }
}

/// Makes random command lines for a session: mostly ones that fit the screen as it is now (so that sequences
/// go deep: overlays, undo, the menu, compose, segments), some drawn from every command whatever the state
/// (mostly refused), and some garbage.
public struct CommandGenerator {
    public var random: SeededRandom
    /// The share of lines drawn without looking at the state.
    public var wildRate = 0.2
    /// The largest `reset N`; 0 for no resets (so that a long session's timeline fills up).
    public var maxMessages = 12
    /// The share of lines that tune a parameter (`set NAME VALUE`, sometimes a value it refuses); 0 keeps
    /// SPEC's numbers all along.
    public var tuneRate = 0.0

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }
    public init(random: SeededRandom) { self.random = random }

    public mutating func next(for session: Session) -> String {
        if tuneRate > 0 && random.chance(tuneRate) { return tune() }
        if random.chance(wildRate) { return wild(session.screen) }
        return fitting(session.screen)
    }

    // MARK: Numbers

    /// Translations near every threshold, and anywhere.
    public mutating func distance() -> String {
        if random.chance(0.6) {
            return random.pick([
                "-400", "-320", "-300", "-260", "-259.999", "-200", "-100", "-60", "-59.999", "-30",
                "-1", "0", "1", "30", "59.999", "60", "100", "200", "259.999", "260", "300", "400"
            ])
        }
        return decimal(Double.random(in: -450...450, using: &random))
    }

    /// Pan durations: none (0.3), an instant, a frame or two, a few tenths.
    public mutating func panDuration() -> String {
        random.pick(["", "", " in 0", " in 0.016", " in 0.05", " in 0.1", " in 0.2", " in 0.3", " in 0.45"])
    }

    /// Waits that land before, on and after the 0.3 s and 0.4 s ends.
    public mutating func wait() -> String {
        random.pick(["0", "0.000000001", "0.05", "0.1", "0.15", "0.2", "0.299999999", "0.3", "0.4", "0.6", "1", "2"])
    }

    public mutating func velocity() -> String {
        random.pick(["", "", "", " 0", " -0", " 500", " -500", " 1000000", " -1000000", " 0.001"])
    }

    public mutating func decimal(_ value: Double) -> String {
        formatNumber(value, decimals: 3)
    }

    // MARK: Tuning

    /// `set NAME VALUE` for a random parameter, with a value it takes (mostly) or one it refuses; the accessibility
    /// actions and the compose fields, which come with the parameters.
    public mutating func tune() -> String {
        if random.chance(0.15) {
            return random.pick([
                "act msg1 archive", "act msg2 later", "act msg3 list", "act msg1 delete",
                "tap subject", "tap body", "tap to", "type hi"
            ])
        }
        let tunable = random.pick(TunableTable.all)
        let value: String
        switch tunable.kind {
        case .number(let range, _):
            value =
                random.chance(0.1)
                ? decimal(range.upperBound + 1)
                : random.chance(0.5)
                    ? decimal(Double.random(in: range, using: &random))
                    : random.pick(["0", "1", "60", "80", "160", "240", "260", "300", "320", "0.5"])
        case .duration: value = random.pick(["0.01", "0.1", "0.25", "0.3", "0.5", "1", "0", "-1"])
        case .whole(let range): value = String(Int.random(in: range, using: &random))
        case .curve:
            value = random.pick([
                "linear", "easeIn", "easeOut", "easeInOut", "default", "bezier 0.42 0 0.58 1",
                "bezier 0.3 -0.5 0.6 1.6", "spring 0.5 0.4", "spring 1 0.3", "spring 2 0.5",
                "spring 0.15 0.8", "spring 0 1", "bouncy"
            ])
        case .color: value = random.pick(["#FFD700", "red", "#000000", "blue", "nope"])
        case .flag: value = random.pick(["on", "off"])
        case .menuRelease:
            value = random.pick([
                "velocity", "position 285", "position 140", "position 0", "position 400", "distance 90", "distance 0"
            ])
        case .profile: value = random.pick(Profile.allCases.map(\.rawValue) + ["mgswipe"])
        case .delay: value = random.pick(["0", "0.2", "0.05", "1", "-1", "11"])
        case .choice(let words): value = random.pick(words + ["nope"])
        case .fade: value = random.pick(["near", "30 65", "0 60", "0 320", "65 30", "10"])
        }
        return "set \(tunable.name) \(value)"
    }

    // MARK: Lines that fit the screen now

    public mutating func fitting(_ s: MailboxState) -> String {
        if random.chance(0.1), let line = line(random.pick(CommandKind.allCases), s) { return line }
        if random.chance(0.12) { return look(s) }
        if random.chance(0.08) { return random.pick(["advance \(wait())", "settle"]) }
        if let gesture = s.gesture {
            switch random.next() % 8 {
            case 0...2:
                switch gesture.target {
                case .message(let id): return "pan \(id.name) \(distance())\(panDuration())"
                case .content:
                    return "pan content \(decimal(Double.random(in: -320...100, using: &random)))\(panDuration())"
                case .edge: return "edgepan \(decimal(Double.random(in: -50...330, using: &random)))\(panDuration())"
                }
            case 3...6: return "release" + velocity()
            default: return "advance \(wait())"
            }
        }
        switch s.cover {
        case .alert(.undo)?:
            return random.pick(["tap undo", "tap undo", "tap cancel"])
        case .alert(.draft)?:
            return random.pick(["tap delete-draft", "tap keep-draft", "tap cancel"])
        case .overlay(let overlay)? where overlay.dismissal == nil:
            switch random.next() % 4 {
            case 0: return "tap"
            case 1: return "tap cancel"
            default: return "choose " + random.pick(overlay.kind.options)
            }
        case .compose(closing: false)?:
            return random.chance(0.5) ? "type " + random.pick(["bob", "a@b.c", "x y", "ünï", "#1"]) : "tap cancel"
        case .menu?:
            switch random.next() % 4 {
            case 0, 1: return "pan content \(decimal(Double.random(in: -320...100, using: &random)))\(panDuration())"
            case 2: return "tap menu"
            default: return "settle"
            }
        case .overlay?, .compose(closing: true)?:
            return random.chance(0.5) ? "advance \(wait())" : "settle"
        case nil:
            break
        }
        // Nothing covers the screen.
        let animated = Set(s.runningAnimations.map(\.key))
        let rows = s.rows.filter { $0.visible && !animated.contains(PropertyKey(.row($0.id), .height)) }
        switch random.next() % 20 {
        case 0...8 where !rows.isEmpty && s.segments.selected == .mailbox:
            return "pan \(random.pick(rows).id.name) \(distance())\(panDuration())"
        case 9: return "edgepan \(decimal(Double.random(in: 0...330, using: &random)))\(panDuration())"
        case 10: return "compose"
        case 11: return "tap menu"
        case 12, 13: return "tap segment " + random.pick(["later", "mailbox", "archive", "mailbox"])
        case 14, 15: return "shake"
        case 16:
            if random.chance(0.3) { return "set compose.draft-alert " + random.pick(["on", "off"]) }
            return "set fps " + random.pick(["1", "24", "30", "60", "120", "240"])
        case 17 where maxMessages > 0 && random.chance(0.3):
            return "reset " + String(Int.random(in: 1...maxMessages, using: &random))
        default: return random.pick(["settle", "advance \(wait())"])
        }
    }

    /// A line of `kind` that fits the screen now, or nil when none does (or the kind is never drawn to fit: the
    /// lines that touch files or end the script). A switch over every kind with no `default:`, so that a command
    /// added to the table does not build until it says how its lines fit a screen (`anyCommand` draws it too,
    /// whatever the state, from its entry alone).
    public mutating func line(_ kind: CommandKind, _ s: MailboxState) -> String? {
        let animated = Set(s.runningAnimations.map(\.key))
        let rows = s.rows.filter { $0.visible && !animated.contains(PropertyKey(.row($0.id), .height)) }
        let free = s.gesture == nil && s.cover == nil
        let row = free && !rows.isEmpty && s.segments.selected == .mailbox ? random.pick(rows).id.name : nil
        let overlay: Overlay? =
            if case .overlay(let overlay)? = s.cover, overlay.dismissal == nil { overlay } else { nil }
        let composing = if case .compose(closing: false)? = s.cover { true } else { false }
        switch kind {
        case .pan:
            switch s.gesture?.target {
            case .message(let id)?: return "pan \(id.name) \(distance())\(panDuration())"
            case .content?: return "pan content \(decimal(Double.random(in: -320...100, using: &random)))"
            case .edge?: return nil
            case nil: return row.map { "pan \($0) \(distance())\(panDuration())" }
            }
        case .edgepan:
            if case .edge? = s.gesture?.target {
                return "edgepan \(decimal(Double.random(in: -50...330, using: &random)))"
            }
            return free ? "edgepan \(decimal(Double.random(in: 0...330, using: &random)))\(panDuration())" : nil
        case .release: return s.gesture == nil ? nil : "release" + velocity()
        case .flick: return row.map { "flick \($0) " + random.pick(["-1500", "-700", "-300", "300", "700", "1500"]) }
        case .swipe:
            return row.map { "swipe \($0) " + random.pick(["near", "far"]) + " " + random.pick(["left", "right"]) }
        case .hold: return s.gesture == nil ? nil : "hold " + wait()
        case .tap:
            if overlay != nil { return random.pick(["tap", "tap cancel"]) }
            if composing { return "tap " + random.pick(["cancel", "to", "subject", "body"]) }
            return free ? "tap " + random.pick(["menu", "compose", "segment later", "segment mailbox"]) : nil
        case .compose: return free ? "compose" : nil
        case .choose: return overlay.map { "choose " + random.pick($0.kind.options) }
        case .shake: return free ? "shake" : nil
        case .type: return composing ? "type " + random.pick(["bob", "a@b.c", "x y"]) : nil
        case .advance: return "advance \(wait())"
        case .settle: return "settle"
        case .reset: return maxMessages > 0 ? "reset " + String(Int.random(in: 1...maxMessages, using: &random)) : nil
        case .set: return tuneRate > 0 ? tune() : nil
        case .params: return random.pick(["params", "params --json"])
        case .act:
            return row.map { "act \($0) " + random.pick(AccessibilityAction.allCases.map(\.rawValue)) }
        case .state, .show, .timeline, .colors, .render, .help, .expect: return look(s)
        case .bang: return s.gesture == nil ? "! release" : "! reset 0"
        case .snapshot, .export, .save, .load, .quit: return nil
        }
    }

    /// A line that only looks.
    public mutating func look(_ s: MailboxState) -> String {
        let n = s.messageCount
        let message = "msg\(Int.random(in: 1...n, using: &random))"
        return random.pick([
            "state", "render", "colors", "timeline", "timeline \(message)", "timeline screen",
            "show \(message)", "show \(message).icon", "show overlay", "show time", "help",
            "help pan", "expect time >= 0", "expect inbox.count <= \(n)", "expect \(message).alpha == 1"
        ])
    }

    // MARK: Lines drawn whatever the state

    /// The table's `reset` and `set` entries, by name (the table's own names for them are internal to it).
    private static let resetSpec = CommandTable.spec(named: "reset")!, setSpec = CommandTable.spec(named: "set")!

    /// A line of any command of the table that acts or looks (a name or alias, each parameter given a plausible
    /// value for its kind, an optional one or a flag now and then), so that a command added to the table is fuzzed
    /// with no change here. Checks are left to `look` (a random `expect` would fail the scripts the tests replay),
    /// and so are the lines that touch files or end the script, `reset` when the session must not reset, and
    /// `set` when it keeps SPEC's numbers.
    public mutating func anyCommand(_ s: MailboxState) -> String {
        let (resets, tunes) = (maxMessages > 0, tuneRate > 0)
        let spec = random.pick(
            CommandTable.all.filter { spec in
                (spec.traits.contains(.acts) || !spec.traits.contains(.kept)) && !spec.traits.contains(.touchesFiles)
                    && (resets || spec !== Self.resetSpec) && (tunes || spec !== Self.setSpec)
            })
        var words = [random.pick(spec.names)]
        for parameter in spec.parameters {
            if parameter.optional && random.chance(0.5) { continue }
            if parameter.isFlag {
                words.append(parameter.name)
                continue
            }
            if let keyword = parameter.keyword { words.append(keyword) }
            words.append(sample(parameter.kind, s))
        }
        return words.joined(separator: " ")
    }

    /// A value for an argument of `kind`: mostly one the screen may take, sometimes not.
    public mutating func sample(_ kind: ArgumentKind, _ s: MailboxState) -> String {
        let message = "msg\(Int.random(in: 0...(s.messageCount + 2), using: &random))"
        switch kind {
        case .panTarget: return random.chance(0.8) ? message : "content"
        case .message: return message
        case .distance: return distance()
        case .velocity: return random.pick(["0", "-0", "500", "-500", "-1500", "3000", "1000000", "0.001"])
        case .duration: return wait()
        case .tapTarget:
            let (word, target) = random.pick(TapTarget.words)
            return target == nil ? word + " " + random.pick(["later", "mailbox", "archive", "inbox"]) : word
        case .overlayOption: return random.pick(OverlayKind.allCases.flatMap(\.options) + ["someday-soon"])
        case .text: return random.pick(["hi", "x y", "\"a b\"", "ünï"])
        case .wholeNumber(let range):
            let top = min(range.upperBound, max(maxMessages, range.lowerBound))
            return String(Int.random(in: (range.lowerBound - 1)...(top + 1), using: &random))
        case .setting: return random.pick(TunableTable.names)
        case .settingValue:
            return random.pick(["on", "off", "60", "0.3", "linear", "spring 0.5 0.4", "#FFD700", "nope"])
        case .accessibilityAction: return random.pick(AccessibilityAction.allCases.map(\.rawValue) + ["keep"])
        case .path: return random.pick(PropertyPath.all(messageCount: s.messageCount)).name
        case .pathPrefix: return random.pick([message, message + ".icon", "overlay", "param", "time"])
        case .comparison: return random.pick(Comparison.allCases).rawValue
        case .value: return random.pick(["0", "-320", "1", "true", "yellow", "none", "later"])
        case .tolerance: return random.pick(["0", "0.5", "1"])
        case .subject: return random.pick(TimelineSubject.names(messageCount: s.messageCount) + ["nowhere"])
        case .file: return random.pick(["a.png", "a.svg", "a.mbs", "a.txt"])
        case .exportFormat: return random.pick(ExportFormat.names + ["pdf"])
        case .choice(let words): return random.pick(words + ["nowhere"])
        case .commandName: return random.pick(CommandTable.names + [CommandTable.pathsTopic])
        case .command: return anyCommand(s)
        }
    }

    public mutating func wild(_ s: MailboxState) -> String {
        let n = s.messageCount
        let message = "msg\(Int.random(in: 0...(n + 2), using: &random))"
        switch random.next() % 4 {
        case 0:
            // Every command of the table, with plausible arguments: refused or not depending on the state.
            return anyCommand(s)
        case 1:
            // Numbers out of range, not finite, or not numbers.
            let bad = random.pick([
                "nan", "inf", "-inf", "1e308", "1e2", "abc", "--1", "1..2", "0x10", "10001",
                "-10000.5", "1000000000000000", "", "½", "١"
            ])
            return random.pick([
                "pan \(message) \(bad)", "pan msg1 10 in \(bad)", "advance \(bad)", "release \(bad)",
                "set fps \(bad)", "reset \(bad)", "advance -0.3", "pan msg1 10 in -1", "set fps 0",
                "set fps 241", "reset 0", "reset 501", "advance 1000000001", "pan msg1 10 in 3601",
                "expect time == 0 within -1"
            ])
        case 2:
            // Unknown words.
            return random.pick([
                "frobnicate", "pna msg1 10", "pan message1 10", "tap nowhere", "tap segment inbox",
                "set speed 2", "show msg1.colour", "expect msg1.colour == red", "choose someday-soon",
                "timeline msg99", "help nope", "expect time =< 1", "expect msg1.folder == spam",
                "! expect time == 0", "! ! release", "save x.mbs", "expect animating == maybe"
            ])
        default:
            // A line of random words and characters.
            let words = [
                "pan", "msg1", "release", "tap", "in", "-100", "0.3", "#", "!", "expect", "==", "time",
                "\u{A0}", "é", "\t", "#FECA16", "content", "segment", "settle", "within"
            ]
            return (0..<Int.random(in: 1...6, using: &random)).map { _ in random.pick(words) }.joined(separator: " ")
        }
    }
}

// MARK: Hostile lines

/// Extreme but valid input, as a hostile or careless user types it: every parameter of `TunableTable.all` at
/// and near both ends of its range (springs that barely damp or respond in a minute, Béziers with y at ±100,
/// durations of a nanosecond and an hour, elasticity and escape velocity 0), gestures with extreme numerals
/// (a translation of 10⁻¹⁵¹ pt, the largest velocity), and the looking commands that print the numbers; the
/// rest drawn by `CommandGenerator`, so that sequences still reach deep states.
public struct HostileGenerator {
    public var base: CommandGenerator

    public init(seed: UInt64) { self.init(random: SeededRandom(seed: seed)) }
    public init(random: SeededRandom) {
        base = CommandGenerator(random: random)
        base.tuneRate = 0.1
    }

    /// Numerals at the edges of what a script may say: tiny, huge (in range), signed zero, 15 digits.
    public static let tinyDistances = [
        "0.000000000000001", "-0.000000000000001", "-0.0", "0.0",
        "-0." + String(repeating: "0", count: 150) + "1",
        "0." + String(repeating: "0", count: 20) + "1", "-0.000000001"
    ]
    public static let extremeDistances =
        tinyDistances + [
            "10000", "-10000", "9999.999999999999", "-9999.99999999999",
            "320", "-320", "260", "-260", "60.000000000001", "-59.99999999999"
        ]
    public static let extremeVelocities = [
        "1000000", "-1000000", "999999.999999999", "0.000000000000001", "-0.0", "0", "1"
    ]
    public static let extremeCurves = [
        "spring 0.000000001 60", "spring 0.000000000000001 60", "spring 0.000000001 0.01", "spring 100 60",
        "spring 100 0.01", "spring 0.001 60", "spring 1 60", "spring 0.999999999999999 0.01",
        "spring 1.000000000000001 60",
        "bezier 0 100 1 -100", "bezier 1 -100 0 100", "bezier 0 0 0 0", "bezier 1 1 1 1", "bezier 0 -100 0 -100",
        "bezier 0.000000000000001 100 0.999999999999999 100", "linear", "easeIn", "easeOut", "easeInOut", "default"
    ]

    public mutating func next(for session: Session) -> String {
        switch base.random.next() % 10 {
        case 0, 1, 2: return tune()
        case 3, 4, 5: return gesture(session.screen)
        case 6:
            return base.random.pick([
                "timeline", "state", "params", "render", "colors", "show msg1", "show content.x",
                "show time", "expect msg1.x == 0", "expect content.x == 0", "settle"
            ])
        default: return base.next(for: session)
        }
    }

    /// `set NAME VALUE` with a value at or near an end of the parameter's range (or just past it).
    public mutating func tune() -> String {
        let tunable = base.random.pick(TunableTable.all)
        let value: String
        switch tunable.kind {
        case .number(let range, _):
            let low = range.lowerBound
            let high = range.upperBound
            value = base.random.pick([
                formatExact(low), formatExact(high), formatExact(low + 0.000000000000001 * max(1, abs(low))),
                formatExact(high.nextDown), formatExact(high * 0.999999999999999),
                "0.000000000000001", "999999999999999", "-0.0",
                formatExact(Double.random(in: range, using: &base.random))
            ])
        case .duration(let max):
            value = base.random.pick([
                "0.000000001", "0.0000000005", "0.000000000000001", formatExact(max),
                formatExact(max - 0.000000001), "0.3", "60"
            ])
        case .whole(let range):
            value = base.random.pick([
                String(range.lowerBound), String(range.upperBound), String(range.upperBound + 1),
                "999999999999999"
            ])
        case .curve: value = base.random.pick(Self.extremeCurves)
        case .color: value = base.random.pick(["#000000", "#FFFFFF", "#FECA16", "#E73D0E", "red", "yellow", "gray"])
        case .flag: value = base.random.pick(["on", "off"])
        case .menuRelease:
            value = base.random.pick([
                "velocity", "position 0.000000000000001", "position 320", "position 1",
                "position 319.999999999999"
            ])
        case .profile: value = base.random.pick(Profile.allCases.map(\.rawValue))
        case .delay(let max): value = base.random.pick(["0", "0.000000001", formatExact(max), "0.3"])
        case .choice(let words): value = base.random.pick(words)
        case .fade: value = base.random.pick(["near", "0 0.000000000000001", "319.999999999999 320", "30 65"])
        }
        return "set \(tunable.name) \(value)"
    }

    /// A gesture with extreme numerals: mostly a pan and a fast release, the shape of the crashes these lines guard
    /// against.
    public mutating func gesture(_ s: MailboxState) -> String {
        let message = "msg\(Int.random(in: 1...s.messageCount, using: &base.random))"
        let distance = base.random.pick(Self.extremeDistances)
        let duration = base.random.pick(["", " in 0", " in 0.000000001", " in 0.016", " in 2"])
        return base.random.pick([
            "pan \(message) \(distance)\(duration)", "pan \(message) \(distance)\(duration)",
            "release \(base.random.pick(Self.extremeVelocities))",
            "release \(base.random.pick(Self.extremeVelocities))",
            "pan content \(distance)\(duration)", "edgepan \(distance)\(duration)", "tap menu", "compose", "tap cancel",
            "shake", "tap undo", "tap segment " + base.random.pick(["later", "archive", "mailbox"]), "tap",
            "choose " + base.random.pick(["tomorrow", "to-read", "someday"]),
            "advance " + base.random.pick(["0.000000001", "0.000000000000001", "1000000000", "3600", "0.3"])
        ])
    }
}
