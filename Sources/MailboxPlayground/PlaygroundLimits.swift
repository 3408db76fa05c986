/// The playground's bounds (docs/playground.md, Limits), in one place: the server enforces the socket's, the
/// session the script's.
public enum PlaygroundLimits {
    /// The largest message a socket takes; a larger one closes it with 1009.
    public static let messageBytes = 128 * 1024
    /// Messages a second per socket: a burst of this many, refilled at this rate.
    public static let messagesPerSecond = 400
    // Sessions open at once: `--max-sessions` (PlaygroundOptions.defaultMaxSessions, 64, when not given).
    /// The largest script a `load` (or the start) takes, in bytes and lines.
    public static let scriptBytes = 64 * 1024
    public static let scriptLines = 10_000
    /// The most lines a session's script grows to.
    public static let sessionLines = 100_000
    /// The most bytes of text a session's script grows to: with `sessionLines`, what bounds a session's memory
    /// (its script; each phone's timeline is bounded by its own capacity). 100,000 lines of 4 KiB would be 400 MB.
    public static let sessionBytes = 4 << 20
    /// The most bytes an `export` message downloads, a file or a ZIP of a set (before base64; the hand-off of every
    /// parameter is some tens of KiB; a larger one is refused rather than sent).
    public static let handoffBytes = 512 * 1024
    /// The CPU time one message's work may take, in seconds; then it is interrupted and refused.
    public static let workSeconds = 2.0
    /// The pointer's coordinates must lie in this range (screen points; the screen is 320 × 568).
    public static let coordinates = -1000.0...2000.0
    /// How far (in points) a simplified drag line may stray from a raw pointer sample.
    public static let simplificationTolerance = 0.5
    /// The longest text of a `line`, a `set` value or a key, in bytes.
    public static let textBytes = 4096
    /// The most messages a `reset` makes.
    public static let resetMessages = 1...500
    /// The page's clock `t` must lie in this range (ms).
    public static let clock = 0.0...1e12
    /// A pause between two pointer samples of a drag longer than this (ms) is the finger held still, then one
    /// step of `stepAfterHoldMs` to the new place: an `advance` and a short pan, not a pan sampled at the frame
    /// rate over the whole pause.
    public static let holdMs: Int64 = 1_000
    public static let stepAfterHoldMs: Int64 = 16
    /// `history`'s plots: at most this many frames (60 a second, fewer for a longer gesture), and a gesture
    /// window of at most this many lines (a gesture begun past it starts a new window).
    public static let historyFrames = 1_200
    public static let historyLines = 2_000
    /// `history`'s timeline: the last gesture's entries, at most the newest this many.
    public static let historyTimelineEntries = 500
    /// An export (`POST /walkthrough`, `/walkthrough.gif`): its script's body at most 1 MiB on the wire, its
    /// work stopped after this many seconds of wall time from when it starts running (a GIF takes longer than a
    /// message), the GIF at most this many bytes, the player's kept frames at most this many frames times rows.
    /// How many may run and wait at once is the server's (`ExportLane`).
    public static let exportBodyBytes = 1 << 20
    public static let exportSeconds = 30.0
    public static let exportBytes = 64 << 20
    public static let exportRowFrames = 400_000
}
