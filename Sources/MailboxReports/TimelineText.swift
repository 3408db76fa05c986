import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `timeline`: every animation and event, oldest first, with a blank line between gestures.
public enum TimelineText {
    public static func lines(_ excerpt: TimelineExcerpt) -> [String] {
        var out: [String] = []
        if excerpt.dropped > 0 {
            out.append("(\(excerpt.dropped) earlier entries dropped; the timeline keeps the last \(excerpt.capacity))")
        }
        return out + entryLines(excerpt.entries)
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

    /// One entry: its time right-aligned in 8 columns, two blanks, its summary.
    public static func line(_ entry: TimelineEntry) -> String {
        let time = entry.time.fixedSeconds
        return String(repeating: " ", count: max(0, 8 - time.count)) + time + "  " + entry.summary
    }
}
