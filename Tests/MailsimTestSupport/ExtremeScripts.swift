import MailboxScript
import MailboxSim
import MailboxText

/// Scripts that try every numeric argument of every command, and every number `set` takes, at its bounds, just
/// past them, and at the numbers where a 32-bit `Int` (the page's) and a 64-bit one (the native binary's) part: for
/// the page's differential run (`mailsim-scripts --extremes`, Tests/wasm/differential.mjs), where the module and the
/// native binary must print the same bytes and neither may trap. Read from the tables (`CommandTable.all`,
/// `TunableTable.all`), so a new command or parameter is tried without a line here.
///
/// Each probe is run on a native session as the script is written: one the session takes stays a plain line, one it
/// refuses is written as `! LINE` (a refusal expected), so that the script goes on to the next probe. The module
/// must then agree line by line: a probe it takes where the native binary refused is a failed `!`, and the other
/// way round an error.
public enum ExtremeScripts {
    /// The numbers tried everywhere, as a script writes them (the reader refuses the exponent forms, in words).
    public static let numbers: [String] = [
        "0", "-0", "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
        "-4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "10000000000000000000", "-10000000000000000000", "9300000000000000000",
        "18446744073709551616", "1" + String(repeating: "0", count: 308), "0.000000000000000000001", "1e19", "-1e19",
        "9.3e18", "1e308", "-1e308", "inf", "-inf", "nan"
    ]

    /// One script: its file name and text.
    public struct Script: Sendable {
        public let name: String
        public let text: String
    }

    /// Every script: one for each numeric parameter of each command, one for each numeric parameter `set` takes,
    /// and every command after a clock of a billion seconds (at 60 and at 240 fps).
    public static func all() -> [Script] {
        var scripts: [Script] = []
        for spec in CommandTable.all where isPlayable(spec) {
            for (index, parameter) in spec.parameters.enumerated() {
                // A numeric kind at its limits; an `expect`'s value (any number a property may be compared with).
                let tried: [String]
                if let limits = parameter.kind.limits {
                    tried = values(around: limits, whole: isWhole(parameter.kind))
                } else if parameter.kind == .value {
                    tried = numbers
                } else {
                    continue
                }
                let lines = tried.map { value in line(spec, probing: index, with: value) }
                scripts.append(probe(name: "command-\(fileName(spec.name))-\(parameter.name)", lines))
            }
        }
        for tunable in TunableTable.all {
            let templates = valueTemplates(tunable.kind)
            guard !templates.isEmpty else { continue }
            let lines = templates.flatMap { template in
                template.values.map { "set \(tunable.name) " + template.text.replacing("N", with: $0) }
            }
            scripts.append(probe(name: "set-\(fileName(tunable.name))", lines + ["params"]))
        }
        for fps in ["60", "240"] {
            let clock = ["set fps \(fps)", "advance 1000000000"]
            // `reset` last: it takes the clock back to 0.
            let playable = CommandTable.all.filter(isPlayable)
            let commands = playable.filter { $0.name != "reset" } + playable.filter { $0.name == "reset" }
            let lines = commands.map { defaultLine($0) } + ["advance 3600", "settle"]
            scripts.append(probe(name: "clock-1e9-at-\(fps)-fps", clock + lines, stateAfterEach: true))
        }
        return scripts
    }

    /// Whether the page runs the command and its numbers are worth probing: none that touches files or ends the run
    /// (the table's `touchesFiles`), none of the prompt's alone, and neither `help` nor `!` (no numbers of their own).
    static func isPlayable(_ spec: CommandSpec) -> Bool {
        !spec.interactiveOnly && !spec.traits.contains(.touchesFiles) && spec !== CommandTable.spec(.help)
            && spec !== CommandTable.spec(.bang)
    }

    static func isWhole(_ kind: ArgumentKind) -> Bool {
        if case .wholeNumber = kind { return true }
        return false
    }

    /// A parameter's bounds, just past them, and `numbers`.
    static func values(around limits: ClosedRange<Double>, whole: Bool) -> [String] {
        let step = whole ? 1.0 : 0.001
        var near = [limits.lowerBound, limits.lowerBound - step]
        if limits.upperBound < 1e300 { near += [limits.upperBound, limits.upperBound + step] }
        var seen = Set<String>()
        return (near.map { formatNumber($0) } + numbers).filter { seen.insert($0).inserted }
    }

    /// The value of a `set` parameter with its number(s) written `N`, and the numbers to put there.
    static func valueTemplates(_ kind: Tunable.Kind) -> [(text: String, values: [String])] {
        switch kind {
        case .number(let range, _): return [("N", values(around: range, whole: false))]
        case .duration(let max), .delay(let max): return [("N", values(around: 0...max, whole: false))]
        case .whole(let range):
            return [("N", values(around: Double(range.lowerBound)...Double(range.upperBound), whole: true))]
        case .curve:
            return [
                ("bezier N 0.2 0.3 1", values(around: 0...1, whole: false)),
                ("bezier 0.1 N 0.3 1", numbers), ("spring N 0.5", numbers), ("spring 0.8 N", numbers)
            ]
        case .menuRelease: return [("position N", numbers), ("distance N", numbers)]
        case .fade: return [("N 200", numbers), ("10 N", numbers)]
        case .color, .flag, .profile, .choice: return []
        }
    }

    /// The command's line with `value` for parameter `probing` and a plain value for each other required one.
    static func line(_ spec: CommandSpec, probing: Int, with value: String) -> String {
        var words = [spec.name]
        for (index, parameter) in spec.parameters.enumerated() where !parameter.isFlag {
            // The probed one, the required ones, and in a plain line an optional one that needs no keyword
            // (`tap compose`).
            let plain = probing < 0 && parameter.keyword == nil
            guard index == probing || !parameter.optional || plain else { continue }
            if let keyword = parameter.keyword { words.append(keyword) }
            words.append(index == probing ? value : plainValue(parameter.kind))
        }
        return words.joined(separator: " ")
    }

    /// The command with a plain value for each required parameter and each optional one without a keyword.
    static func defaultLine(_ spec: CommandSpec) -> String { line(spec, probing: -1, with: "") }

    /// A value each kind takes in most states.
    static func plainValue(_ kind: ArgumentKind) -> String {
        switch kind {
        case .panTarget, .message, .subject: "msg1"
        case .distance: "-100"
        case .velocity: "-500"
        case .duration: "0.3"
        case .tapTarget: "compose"
        case .overlayOption: "tomorrow"
        case .text: "hello"
        case .wholeNumber(let range): String(range.lowerBound)
        case .setting: "fps"
        case .settingValue: "60"
        case .accessibilityAction: "archive"
        case .path, .pathPrefix: "msg1.x"
        case .comparison: "=="
        case .value: "0"
        case .tolerance: "0.5"
        case .file: "x.svg"
        case .exportFormat: "swift"
        case .choice(let words): words[0]
        case .commandName: "pan"
        case .command: "pan msg1 -10"
        }
    }

    /// The probes as a script: each line the native session refuses written as `! LINE`. A command that needs a
    /// finger down (`release`, `hold`) gets one first; `state --json` ends it (and follows each line taken, with
    /// `stateAfterEach`), so the two builds' screens are compared too.
    static func probe(name: String, _ lines: [String], stateAfterEach: Bool = false) -> Script {
        var session = Session()
        var text = ""
        func run(_ line: String) -> Bool {
            do {
                _ = try session.execute(.line(line[...]))
                return true
            } catch {
                return false
            }
        }
        for line in lines {
            // A probe that needs a finger (its plain form refused on a screen without one): a pan first.
            if session.screen.gesture == nil, needsFinger(line) {
                _ = run("pan msg1 -100")
                text += "pan msg1 -100\n"
            }
            if run(line) {
                text += line + "\n"
                if stateAfterEach { text += "state --json\n" }
            } else {
                text += "! " + line + "\n"
            }
        }
        if session.screen.gesture != nil { text += "release\n" }
        text += "state --json\n"
        return Script(name: "extreme-\(name).mbs", text: text)
    }

    /// Commands refused on a screen with no finger down.
    static func needsFinger(_ line: String) -> Bool {
        let word = line.split(separator: " ").first.map(String.init) ?? ""
        return ["release", "hold"].contains(word)
    }

    static func fileName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
