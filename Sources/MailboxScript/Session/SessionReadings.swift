import MailboxSim

/// What the looking commands report, read as values by a front end that shows them without running a line (the
/// playground's state object and timeline): the same readings `state --json` and `timeline` give.
extension Session {
    /// What `state --json` reports: `snapshot` (the screen now, taken once by the caller) and every property
    /// path's value.
    public func stateReport(_ snapshot: ScreenSnapshot) throws(ScriptError) -> MachineOutput {
        .state(snapshot, try readings(PropertyPath.all(messageCount: screen.messageCount)))
    }

    /// What `timeline` reports: the whole timeline, or one subject's entries (`msg1`, `overlay`, `screen`…).
    public func timelineExcerpt(filter: String? = nil) throws(ScriptError) -> TimelineExcerpt {
        try timeline(filter: filter)
    }
}
