import MailboxAnimation
import MailboxText

/// The settings of the behaviour a script changes with `set`; a reset keeps them.
public struct Settings: Equatable, Sendable {
    /// The frame rate at which pans are sampled.
    public var framesPerSecond = Limits.defaultFramesPerSecond
    /// Whether `tap cancel` on a compose sheet with text typed asks about the draft first. Off by default:
    /// SPEC §2 (Compose) closes the sheet whatever was typed.
    public var composeDraftAlert = false

    public init() {}
}
