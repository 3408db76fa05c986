import MailboxAnimation
import MailboxSim
import MailboxText

/// Every command of the script language (SPEC §4), in the order `help` lists them.
public enum CommandTable {
    /// Every command, in the order `help` lists them: one entry for each `CommandKind`.
    public static let all: [CommandSpec] = CommandKind.allCases.map(spec)

    /// The entry of each kind of command (each in the file of its command, under `Commands/`).
    public static func spec(_ kind: CommandKind) -> CommandSpec {
        switch kind {
        case .pan: pan
        case .edgepan: edgepan
        case .release: release
        case .flick: flick
        case .swipe: swipe
        case .hold: hold
        case .tap: tap
        case .compose: compose
        case .choose: choose
        case .shake: shake
        case .type: type
        case .advance: advance
        case .settle: settle
        case .reset: reset
        case .set: set
        case .params: params
        case .act: act
        case .state: state
        case .show: show
        case .colors: colors
        case .timeline: timeline
        case .render: render
        case .snapshot: snapshot
        case .export: export
        case .save: save
        case .load: load
        case .expect: expect
        case .bang: bang
        case .help: help
        case .quit: quit
        }
    }

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
}
