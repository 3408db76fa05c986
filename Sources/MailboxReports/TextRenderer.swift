import MailboxScript
import MailboxText

/// Renders a `CommandOutput` as lines of text: as spans for a front end that styles them, or as plain text. A report
/// asked for with `--json` is one line of JSON (`JSONRenderer`), with nothing to style.
public enum TextRenderer {
    /// The report's lines as spans, tables laid out for swatches of `layout`'s width.
    public static func styledLines(_ report: CommandOutput, _ layout: Layout) -> [StyledLine] {
        switch report {
        case .state(let screen): StateText.lines(screen, layout)
        case .properties(let readings): PropertiesText.lines(readings)
        case .colors(let screen): ColorsText.lines(screen, layout)
        case .timeline(let excerpt): TimelineText.lines(excerpt)
        case .render(let screen): ScreenRender.styledLines(screen)
        case .help(let topic): HelpText.lines(topic)
        case .params(let listing): ParamsText.lines(listing)
        case .note(let note): [[Span(NoteText.line(note))]]
        case .setting(let change): [[Span(SettingText.line(change))]]
        case .json(let report): [[Span(JSONRenderer.text(report))]]
        case .export(let request): [[Span("wrote \(request.file) (\(request.format.rawValue))")]]
        case .picture(let request):
            [
                [
                    Span(
                        """
                        wrote \(request.target.file) (\(request.target.format.rawValue.uppercased()), \
                        \(request.size.width) × \(request.size.height))
                        """
                    )
                ]
            ]
        }
    }

    /// The report as the plain text mailsim prints.
    public static func lines(_ report: CommandOutput) -> [String] {
        styledLines(report, .plain).map({ $0.text })
    }
}

/// A note as a sentence.
public enum NoteText {
    public static func line(_ note: Note) -> String {
        switch note {
        case .nothingToUndo: "Nothing to undo."
        case let .saved(commands, file): "saved \(counted(commands, "command")) to \(file)"
        }
    }
}

/// What `set` changed, in one line: `threshold.near = 80 (was 60)`; `profile = mcswipe (was mailbox): 7 other
/// parameters changed: threshold.left.near 60 → 80, …`; `fps = 60 (unchanged)`.
public enum SettingText {
    public static func line(_ change: SettingResult) -> String {
        var text = "\(change.name) = \(change.after)"
        text += change.before == change.after ? " (unchanged)" : " (was \(change.before))"
        guard !change.alsoChanged.isEmpty else { return text }
        let list = change.alsoChanged.map { "\($0.name) \($0.before) → \($0.after)" }.joined(separator: ", ")
        return text + "; with it \(counted(change.alsoChanged.count, "parameter")) changed: " + list
    }
}
