import MailboxAnimation

/// What a script line may ask for, so that bad input gets an error instead of a hang or a crash (docs/SPEC.md §4).
public enum ScriptLimits {
    /// The largest translation a pan may reach, in points either way.
    public static let maxTranslation = 10_000.0
    /// The largest release velocity, in points a second either way.
    public static let maxVelocity = 1_000_000.0
    /// How long a `pan` takes when no `in S` is given.
    public static let defaultPanDuration = Ticks.milliseconds(300)
    /// How long a `flick`'s finger moves before it lifts.
    public static let flickDuration = Ticks.milliseconds(100)
    /// The largest `flick` velocity, in points a second either way: its travel stays within `maxTranslation`.
    public static let maxFlickVelocity = maxTranslation / flickDuration.seconds
    /// The longest single `advance`, in seconds.
    public static let maxAdvanceSeconds = 1_000_000_000.0
    /// The longest single pan, in seconds.
    public static let maxPanSeconds = 3_600.0
    /// The longest script line, in bytes: past it the script stops with an error instead of reading on
    /// (`mailsim run /dev/zero` must not eat the memory).
    public static let maxLineBytes = 16 << 20
    /// How deep `load`s may nest (a file that loads a file that loads …).
    public static let maxLoadDepth = 64
}
