import MailboxAnimation
import MailboxSim
import MailboxText

/// One parsed line of the script language. Only `!`'s case, which holds a command, is boxed: a boxed enum would
/// allocate for every line (docs/performance.md).
public enum Command: Equatable, Sendable {
    case pan(PanTarget, translation: Double, duration: Ticks?)
    case edgePan(translation: Double, duration: Ticks?)
    case release(velocity: Double?)
    case tap(TapTarget?)
    case choose(String)
    case shake
    case type(String)
    case advance(Ticks)
    case settle
    case reset(messages: Int?)
    case set(SettingChange)
    /// `params`: every tunable parameter, its value and default.
    case params(ReportFormat)
    /// `act msgN ACTION`: an accessibility action.
    case act(MessageID, AccessibilityAction)
    case state(ReportFormat)
    case show(String, ReportFormat)
    case colors
    case timeline(filter: String?, format: ReportFormat)
    case render
    /// `snapshot FILE [scale S]`: a picture of the screen now.
    case snapshot(PictureRequest.Target)
    case save(file: String, withExpectations: Bool, force: Bool = false)
    /// `load FILE`: plays a script into the session (the front end reads it).
    case load(file: String)
    case expect(Expectation)
    /// `! COMMAND`: the command must be refused.
    indirect case mustFail(Command, text: String)
    /// A line inside `!` that did not parse: running it raises the parse error.
    case invalid(ScriptError)
    /// `help`, `help NAME`, `help paths`, `help set PARAMETER`.
    case help(topic: String?, parameter: String?)
    case quit
}

/// How a looking command prints what it found: as text for a person (the default) or, with `--json`, as
/// JSON for a program (`state`, `show`, `timeline`).
public enum ReportFormat: Equatable, Sendable {
    case text, json

    /// The flag that asks for JSON.
    public static let jsonFlag = "--json"

    /// `.json` when the flag was given.
    init(json: Bool) { self = json ? .json : .text }
}

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
