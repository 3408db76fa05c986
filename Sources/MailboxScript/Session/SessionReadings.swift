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

    /// The entries appended since the timeline's total was `mark` (a gesture's own, when `mark` was read as it
    /// began), at most the newest `limit` of them; `dropped` counts the gesture's entries left out. A timeline
    /// emptied since (`reset`) gives all it holds.
    public func timelineExcerpt(since mark: Int, last limit: Int) -> TimelineExcerpt {
        let timeline = screen.timeline
        let since = timeline.total >= mark ? timeline.entries(since: mark) : timeline.entries
        let shown = since.suffix(limit)
        return TimelineExcerpt(entries: Array(shown), dropped: since.count - shown.count, capacity: limit)
    }
}
