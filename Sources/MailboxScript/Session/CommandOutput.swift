import MailboxSim

/// What a command that looks at the screen produced, as data. Front ends render it: as text (`TextRenderer`),
/// styled text, JSON or pictures; nothing reads the text back.
public enum CommandOutput: Equatable, Sendable {
    /// `state`: the whole screen.
    indirect case state(ScreenSnapshot)
    /// `show PATH`: a property, or every property under a prefix, with its value.
    case properties([PropertyReading])
    /// `colors`: the palette and the colours on screen.
    indirect case colors(ScreenSnapshot)
    /// `timeline [TARGET]`: the entries kept, oldest first.
    case timeline(TimelineExcerpt)
    /// `render`: the screen drawn.
    indirect case render(ScreenSnapshot)
    /// `help [COMMAND]`.
    case help(HelpTopic)
    /// `params`: every tunable parameter.
    case params(ParameterListing)
    /// A sentence a command says: "Nothing to undo.", what `save` wrote.
    case note(Note)
    /// `set NAME VALUE...` at the prompt (and in `mailsim run --trace`): what it set and what else changed with it.
    case setting(SettingResult)
    /// `snapshot FILE`: the screen to draw into a file. The front end draws and writes it (a script run
    /// prints nothing for it; the REPL says what it wrote).
    indirect case picture(PictureRequest)
    /// `export FORMAT FILE`: the settings in force to write as code or tokens. The front end renders and writes
    /// them (a script run prints nothing for it; the REPL says what it wrote).
    indirect case export(ExportRequest)
    /// `state --json`, `show PATH --json`, `timeline --json`: the same facts, for a program to read
    /// (`JSONRenderer` renders them).
    indirect case json(MachineOutput)
    // The cases that hold a screen are boxed (`indirect`): every line's outcome holds a report inline, so the
    // report stays a few words long and a line that only acts copies nothing more.
}

/// What a looking command asked for with `--json` found: the facts its text report shows, as data.
public enum MachineOutput: Equatable, Sendable {
    /// `state --json`: the screen, and every property path read as `expect` reads it, in `PropertyPath.all`'s order.
    case state(ScreenSnapshot, [PropertyReading])
    /// `show PATH --json`: the paths matched, with their values.
    case properties([PropertyReading])
    /// `timeline [TARGET] --json`.
    case timeline(TimelineExcerpt)
    /// `params --json`.
    case params(ParameterListing)
}

/// A property path and its value on screen.
public struct PropertyReading: Equatable, Sendable {
    public let path: PropertyPath
    public let value: Value
}

/// The timeline's entries (all, or one target's), and how many older ones it no longer keeps.
public struct TimelineExcerpt: Equatable, Sendable {
    public let entries: [TimelineEntry]
    /// Entries dropped from the front of the whole timeline to stay within `capacity`.
    public let dropped: Int
    public let capacity: Int
}

/// What `help` explains: every command, or one.
public enum HelpTopic: Equatable, Sendable {
    case commands
    case command(CommandSpec)
    /// `help paths`: every property path with its type.
    case paths
    /// `help set NAME`: one parameter (for `profile`, every profile's numbers with their sources).
    case parameter(Tunable)

    public static func == (a: HelpTopic, b: HelpTopic) -> Bool {
        switch (a, b) {
        case (.commands, .commands), (.paths, .paths): true
        case let (.command(x), .command(y)): x === y
        case let (.parameter(x), .parameter(y)): x.name == y.name
        default: false
        }
    }
}

/// A sentence a command says.
public enum Note: Equatable, Sendable {
    /// `shake` with nothing to undo.
    case nothingToUndo
    /// `save`: how many commands went to which file.
    case saved(commands: Int, file: String)
}

/// What a `set` line changed: the parameter named, its value before and after, and every parameter whose value
/// changed with it (a profile's, a both-sides threshold's sides), each as `params` shows it.
public struct SettingResult: Equatable, Sendable {
    /// The parameter the line named (`threshold.near`, `profile`).
    public let name: String
    public let before: String
    public let after: String
    /// Every other parameter whose value changed, in `params`' order.
    public let alsoChanged: [Changed]

    public struct Changed: Equatable, Sendable {
        public let name: String
        public let before: String
        public let after: String
    }

    /// The difference between two listings, for the parameter `name`.
    public init(name: String, before: ParameterListing, after: ParameterListing) {
        self.name = name
        var was = ""
        var now = ""
        var others: [Changed] = []
        for (old, new) in zip(before.entries, after.entries) {
            if old.name == name {
                was = old.shown
                now = new.shown
            } else if old.shown != new.shown {
                others.append(Changed(name: old.name, before: old.shown, after: new.shown))
            }
        }
        self.before = was
        self.after = now
        alsoChanged = others
    }
}
