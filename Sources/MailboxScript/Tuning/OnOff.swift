import MailboxText

/// The two words of a switch setting.
enum OnOff {
    static let words = ["on", "off"]
    static let synopsis = "on|off"

    static func read(_ value: Substring, for setting: String) throws(ScriptError) -> Bool {
        switch value {
        case "on": return true
        case "off": return false
        default: throw .setting(setting, .notOnOff(String(value), suggestion: nearest(String(value), in: words)))
        }
    }
}
