/// `timeline`: every animation and event so far, oldest first, with a blank line between gestures.
public enum TimelineReport {
    /// The subjects `timeline TARGET` accepts on this screen.
    public static func subjects(_ screen: MailboxState) -> [String] {
        ["screen", "overlay", "content", "compose"] + Segment.allCases.map { "view.\($0.rawValue)" } + screen.rows.map(\.id.name)
    }

    public static func lines(_ screen: MailboxState, filter: String?) throws(ScriptError) -> [String] {
        if let filter, !subjects(screen).contains(filter) {
            let hint = didYouMean(filter, in: subjects(screen))
            throw ScriptError("unknown timeline target \(quoted(filter))\(hint): use msgN, overlay, content, compose, view.NAME or screen")
        }
        var out: [String] = []
        if screen.timeline.dropped > 0 {
            out.append("(\(screen.timeline.dropped) earlier entries dropped; the timeline keeps the last \(screen.timeline.capacity))")
        }
        out += entryLines(screen.timeline.entries.filter { filter == nil || $0.subject == filter })
        return out
    }

    /// `  0.300  msg1.x -180 → -320 over 0.3s easeInOut`, with a blank line where a new gesture starts.
    public static func entryLines(_ entries: some Sequence<TimelineEntry>) -> [String] {
        var out: [String] = []
        var group: Int?? = .none
        for entry in entries {
            if let previous = group, previous != entry.gesture { out.append("") }
            group = .some(entry.gesture)
            out.append(line(entry))
        }
        return out
    }

    public static func line(_ entry: TimelineEntry) -> String {
        let time = entry.time.fixedSeconds
        return String(repeating: " ", count: max(0, 8 - time.count)) + time + "  " + entry.summary
    }
}
