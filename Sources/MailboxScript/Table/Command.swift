import MailboxAnimation
import MailboxSim
import MailboxText

/// One parsed line of the script language. Only `!`'s case, which holds a command, is boxed: a boxed enum would
/// allocate for every line (docs/performance.md).
public enum Command: Equatable, Sendable {
    case pan(PanTarget, translation: Double, duration: Ticks?)
    case edgePan(translation: Double, duration: Ticks?)
    case release(velocity: Double?)
    /// `flick msgN VX`: a pan at VX pt/s for `ScriptLimits.flickDuration`, then a release at VX.
    case flick(MessageID, velocity: Double)
    /// `swipe msgN near|far left|right`: a pan into the middle of a zone, then a release moving.
    case swipe(MessageID, SwipeReach, SwipeSide)
    /// `hold S`: the finger that is down kept still for S.
    case hold(Ticks)
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
    /// `export FORMAT FILE [--force]`: the settings in force as code or design tokens (the front end writes it).
    case export(ExportFormat, file: String, force: Bool = false)
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

extension Command {
    /// The table entry this command comes from (its kind's).
    public var spec: CommandSpec { CommandTable.spec(kind) }

    /// The kind of this command, whose entry it is: found by a switch that lists every case (the compiler refuses a
    /// new case until it is given one here). A tap on compose is `compose` and a pan from the edge `edgepan` (the
    /// words that print them); a line inside `!` that did not parse is `!`'s.
    public var kind: CommandKind {
        switch self {
        case .pan(.edge, _, _): .edgepan
        case .pan: .pan
        case .edgePan: .edgepan
        case .release: .release
        case .flick: .flick
        case .swipe: .swipe
        case .hold: .hold
        case .tap(.compose?): .compose
        case .tap: .tap
        case .choose: .choose
        case .shake: .shake
        case .type: .type
        case .advance: .advance
        case .settle: .settle
        case .reset: .reset
        case .set: .set
        case .params: .params
        case .act: .act
        case .state: .state
        case .show: .show
        case .colors: .colors
        case .timeline: .timeline
        case .render: .render
        case .snapshot: .snapshot
        case .save: .save
        case .export: .export
        case .load: .load
        case .expect: .expect
        case .mustFail, .invalid: .bang
        case .help: .help
        case .quit: .quit
        }
    }

    /// The command's traits: its table entry's; for `! COMMAND`, a check's, with the time, interaction and files
    /// of the command inside.
    public var traits: CommandTraits {
        if case .mustFail(let inner, _) = self {
            return spec.traits.union(inner.traits.intersection(.passedThroughBang))
        }
        return spec.traits
    }

    /// Whether the command moves the clock through frames (and so polls for Ctrl-C).
    var takesTime: Bool { traits.contains(.takesTime) }

    /// Whether the command acts on the screen (what a walkthrough captions), rather than checking or looking.
    public var isAction: Bool { traits.contains(.acts) }

    /// Whether `save` keeps the line: what changes or checks the screen, not what only looks at it.
    var isRecorded: Bool { traits.contains(.kept) }
}
