import MailboxScene

extension PropertyPlots {
    /// The plots of a walkthrough's frames (the HTML player's charts).
    public init(_ walkthrough: Walkthrough) {
        self.init(screens: walkthrough.frames.map { $0.screen })
    }
}
