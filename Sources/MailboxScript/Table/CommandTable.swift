import MailboxAnimation
import MailboxSim
import MailboxText

/// Every command of the script language (SPEC §4), in the order `help` lists them.
public enum CommandTable {
    /// Every command, in the order `help` lists them.
    public static let all: [CommandSpec] = [
        pan, edgepan, release, flick, hold, tap, compose, choose, shake, type, advance, settle, reset, set, params, act,
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
}
