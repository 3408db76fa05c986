import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `help` and `help NAME`, from the command table's own descriptions.
public enum HelpText {
    public static func lines(_ topic: HelpTopic) -> [StyledLine] {
        switch topic {
        case .commands:
            var table = TextTable(header: [])
            for spec in CommandTable.all {
                // Every name the command answers to, each with its arguments: `advance S, wait S`, `quit, exit`.
                let arguments = String(spec.synopsis.dropFirst(spec.name.count))
                var names: [Span] = []
                for (i, name) in spec.names.enumerated() {
                    if i > 0 { names.append(Span(", ")) }
                    names += [Span(name, .command), Span(arguments)]
                }
                table.append(spans: [names.filter { !$0.text.isEmpty }, [Span(spec.summary)]])
            }
            return [[Span("Commands (help NAME explains one):", .heading)]]
                + table.lines(.plain).dropFirst().map { [Span("  ")] + $0 }
        case .command(let spec):
            var out: [StyledLine] = [[Span("usage: "), Span(spec.synopsis, .command)], [Span(spec.summary)]]
            if !spec.aliases.isEmpty { out.append([Span("also: " + spec.aliases.joined(separator: ", "))]) }
            out += [[], [Span(spec.details)], [], [Span("example: "), Span(spec.example, .example)]]
            return out
        }
    }
}
