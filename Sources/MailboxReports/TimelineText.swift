import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `timeline`: every animation and event, oldest first, with a blank line between gestures.
public enum TimelineText {
    public static func lines(_ excerpt: TimelineExcerpt) -> [StyledLine] {
        var out: [StyledLine] = []
        if excerpt.dropped > 0 {
            out.append([
                Span("(\(excerpt.dropped) earlier entries dropped; the timeline keeps the last \(excerpt.capacity))")
            ])
        }
        var group: Int?? = .none
        for entry in excerpt.entries {
            if let previous = group, previous != entry.gesture { out.append([]) }
            group = .some(entry.gesture)
            out.append(styledLine(entry))
        }
        return out
    }

    /// One entry: its time right-aligned in 8 columns, two blanks, what it concerns, what happened.
    public static func styledLine(_ entry: TimelineEntry) -> StyledLine {
        let time = entry.time.fixedSeconds
        let head: String
        let rest: String
        switch entry.kind {
        case let .animation(property, from, to, duration, curve):
            head = property.path
            var words = " \(from.description) → \(to.description) over \(duration.roundedSeconds)s \(curve.name)"
            if entry.delay > .zero { words += " after \(entry.delay.roundedSeconds)s" }
            if case .spring(let spring) = curve, spring.isCutShort {
                // A spring still moving after the longest a spring lasts ends there, at its target (SPEC).
                words += ", cut short: not settled after \(formatNumber(Spring.longestSettlingDuration))s"
            }
            rest = words
        case .event(let event):
            head = entry.subject.name
            rest = " " + event.description
        }
        return [
            Span(String(repeating: " ", count: max(0, 8 - time.count))), Span(time, .time), Span("  "),
            Span(head, .subject), Span(rest)
        ]
    }

    /// One entry as plain text.
    public static func line(_ entry: TimelineEntry) -> String { styledLine(entry).text }
}
