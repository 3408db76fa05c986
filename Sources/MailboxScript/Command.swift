import MailboxAnimation
import MailboxSim
import MailboxText

/// One parsed line of the script language.
public indirect enum Command: Equatable, Sendable {
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
    case mustFail(Command, text: String)
    /// A line inside `!` that did not parse: running it raises the parse error.
    case invalid(String)
    case help(topic: String?)
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

/// The settings `set` changes, by the name scripts write; kept by `reset`.
public enum Setting: String, CaseIterable, Sendable {
    /// The frame rate at which pans are sampled.
    case fps
    /// Whether `tap cancel` with text typed shows the draft alert (off by default).
    case composeDraftAlert = "compose.draft-alert"

    /// How the value is written: `N (1…240)`, `on|off`.
    public var valueSynopsis: String {
        switch self {
        case .fps: "N (\(Limits.framesPerSecond.lowerBound)…\(Limits.framesPerSecond.upperBound))"
        case .composeDraftAlert: OnOff.synopsis
        }
    }

    /// The words completion offers for the value.
    public var valueWords: [String] {
        switch self {
        case .fps: []
        case .composeDraftAlert: OnOff.words
        }
    }

    /// What `set` with this setting and `value` changes, or why the value does not fit.
    public func change(reading value: Substring) throws(ScriptError) -> SettingChange {
        switch self {
        case .fps:
            let range = Limits.framesPerSecond
            let number = try DecimalNumber.parse(value)
            guard let n = number.integer, range.contains(n) else {
                throw ScriptError("set: N must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(quoted(value)))")
            }
            return .framesPerSecond(n)
        case .composeDraftAlert:
            return .composeDraftAlert(try OnOff.read(value, for: rawValue))
        }
    }
}

/// A change that `set` makes to the settings.
public enum SettingChange: Equatable, Sendable {
    case framesPerSecond(Int)
    case composeDraftAlert(Bool)

    /// `settings` with this change made.
    public func applied(to settings: Settings) -> Settings {
        var changed = settings
        switch self {
        case .framesPerSecond(let n): changed.framesPerSecond = n
        case .composeDraftAlert(let on): changed.composeDraftAlert = on
        }
        return changed
    }
}

/// The two words of a switch setting.
enum OnOff {
    static let words = ["on", "off"]
    static let synopsis = "on|off"

    static func read(_ value: Substring, for setting: String) throws(ScriptError) -> Bool {
        switch value {
        case "on": return true
        case "off": return false
        default: throw ScriptError("set \(setting): \(quoted(value)) is not on or off\(didYouMean(value, in: words))")
        }
    }
}
