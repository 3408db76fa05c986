import MailboxSim

/// What the screen showed when a check failed or an error stopped a script: the screen at that instant and
/// the last timeline entries before it (FileCheck's `--dump-input=fail`, for a simulation). Kept only by runs
/// that ask for it (`mailsim test --verbose`, the HTML report).
public struct FailureContext: Equatable, Sendable {
    /// The script line of the failure or error.
    public let line: Int
    /// The screen at that instant (before the line, for an error: a refused command changes nothing).
    public let screen: ScreenSnapshot
    /// The last timeline entries before it, oldest first (at most `FailureContext.recentCount`).
    public let recent: [TimelineEntry]

    /// How many timeline entries a context keeps.
    public static let recentCount = 6
    /// How many contexts a script keeps: a script that fails everywhere does not hold a screen per line.
    public static let limit = 20

    public init(line: Int, screen: MailboxState) {
        self.line = line
        self.screen = screen.snapshot()
        recent = Array(screen.timeline.entries.suffix(Self.recentCount))
    }
}
