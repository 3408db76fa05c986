import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// Renders a `Report` as the plain text lines mailsim prints.
public enum TextReport {
    public static func lines(_ report: Report) -> [String] {
        switch report {
        case .state(let screen): StateText.lines(screen)
        case .properties(let readings): PropertiesText.lines(readings)
        case .colors(let screen): ColorsText.lines(screen)
        case .timeline(let excerpt): TimelineText.lines(excerpt)
        case .render(let screen): ScreenRender.lines(screen)
        case .help(let topic): HelpText.lines(topic)
        case .note(let note): [NoteText.line(note)]
        }
    }
}

/// A note as a sentence.
public enum NoteText {
    public static func line(_ note: Note) -> String {
        switch note {
        case .nothingToUndo: "Nothing to undo."
        case let .saved(commands, file): "saved \(commands) commands to \(file)"
        }
    }
}
