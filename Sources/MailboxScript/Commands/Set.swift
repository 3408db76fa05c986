import MailboxAnimation
import MailboxSim
import MailboxText

// `set NAME VALUE`: a tunable parameter changed (SPEC §4, §7.13).
extension CommandTable {
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
    } arguments: { command in
        guard case .set(let change) = command else { return nil }
        return Arguments([(.name, .text(change.tunable.name)), (.value, .text(change.value.scriptText))])
    }
}

extension Session {
    /// `set`: one parameter changed, if the screen can take it; confirmed at the prompt.
    mutating func performSet(_ change: SettingChange, into outcome: inout Outcome) throws(ScriptError) {
        if let refusal = change.refusal(on: screen) { throw .setting(change.tunable.name, refusal) }
        let before = screen.settings
        try send(.settingsChanged(change.applied(to: before)))
        if confirmsSettings {
            outcome.effect = .report(
                .setting(
                    SettingResult(
                        name: change.tunable.name, before: ParameterListing(settings: before),
                        after: ParameterListing(settings: screen.settings))))
        }
    }
}
