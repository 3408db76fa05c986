import MailboxScript
import MailboxSim

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
            return [[Span("Commands (help NAME explains one; help paths lists the property paths):", .heading)]]
                + table.lines(.plain).dropFirst().map { [Span("  ")] + $0 }
        case .paths:
            var table = TextTable(header: [])
            for (name, type) in PropertyPath.templatesWithTypes {
                table.append(spans: [[Span(name, .path)], [Span(describe(type))]])
            }
            return [[Span("Property paths (expect and show read them; N is a message number):", .heading)]]
                + table.lines(.plain).dropFirst().map { [Span("  ")] + $0 }
        case .command(let spec):
            var out: [StyledLine] = [[Span("usage: "), Span(spec.synopsis, .command)], [Span(spec.summary)]]
            if !spec.aliases.isEmpty { out.append([Span("also: " + spec.aliases.joined(separator: ", "))]) }
            out += [[], [Span(spec.details)]]
            if spec.name == "set" || spec.name == "params" { out += [[]] + parameterLines() }
            out += [[], [Span("example: "), Span(spec.example, .example)]]
            return out
        case .parameter(let tunable):
            return parameterLines(tunable)
        }
    }

    /// `help set NAME`: its synopsis, SPEC's default and what it does; for `profile`, every profile with what
    /// it sets and where each number comes from.
    static func parameterLines(_ tunable: Tunable) -> [StyledLine] {
        var out: [StyledLine] = [[Span("usage: "), Span("set ", .command), Span(tunable.name, .path), Span(" " + tunable.synopsis)],
                                 [Span("default: " + tunable.defaultValue.scriptText)]]
        out += TextTable.wrap(tunable.summary, width: TextTable.reportWidth).map { [Span($0)] }
        guard tunable.kind == .profile else { return out }
        for profile in Profile.allCases {
            out.append([])
            out += TextTable.wrap("\(profile.rawValue): \(profile.summary). From \(profile.origin).", width: TextTable.reportWidth)
                .map { [Span($0, .heading)] }
            for setting in profile.settings {
                let text = "set \(setting.parameter) \(setting.value): \(setting.source)"
                out += TextTable.wrap(text, width: TextTable.reportWidth - 4).map { [Span("  "), Span($0)] }
            }
        }
        return out
    }

    /// Every tunable parameter: `set NAME VALUE` and what it does, from the one table.
    static func parameterLines() -> [StyledLine] {
        var table = TextTable(header: [])
        for tunable in TunableTable.all {
            table.append(spans: [[Span("set "), Span(tunable.name, .path), Span(" " + tunable.synopsis)], [Span(tunable.summary)]])
        }
        return [[Span("Parameters (SPEC's values by default; params shows them now):", .heading)]]
            + table.lines(.plain).dropFirst().map { [Span("  ")] + $0 }
    }

    /// A value type in words: `number`, `true or false`, `colour`, `one of a, b, c`.
    static func describe(_ type: ValueType) -> String {
        switch type {
        case .number: "number"
        case .bool: "true or false"
        case .color: "colour (a palette name or #RRGGBB)"
        case .text: "text"
        case .name(let names): "one of " + names.joined(separator: ", ")
        }
    }
}
