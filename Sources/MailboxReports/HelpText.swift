import MailboxScript
import MailboxSim

/// `help` and `help NAME`, from the command table's own descriptions, wrapped here to fit 80 columns (SPEC
/// §7.11): a list's descriptions under their column, prose from the left margin.
public enum HelpText {
    public static func lines(_ topic: HelpTopic) -> [StyledLine] {
        switch topic {
        case .commands:
            return list(
                "Commands (help NAME explains one; help paths lists the property paths):",
                CommandTable.all.map { spec in
                    // Every name the command answers to, each with its arguments: `advance S, wait S`, `quit, exit`.
                    let arguments = String(spec.synopsis.dropFirst(spec.name.count))
                    var names: [Span] = []
                    for (i, name) in spec.names.enumerated() {
                        if i > 0 { names.append(Span(", ")) }
                        names += [Span(name, .command), Span(arguments)]
                    }
                    return (names.filter { !$0.text.isEmpty }, spec.summary)
                })
        case .paths:
            return list(
                "Property paths (expect and show read them; N is a message number):",
                PropertyPath.templatesWithTypes.map { name, type in ([Span(name, .path)], describe(type)) })
        case .command(let spec):
            var out: [StyledLine] = [[Span("usage: "), Span(spec.synopsis, .command)]] + prose(spec.summary)
            if !spec.aliases.isEmpty { out += prose("also: " + spec.aliases.joined(separator: ", ")) }
            out += [[]] + prose(spec.details)
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
        var out: [StyledLine] = [
            [Span("usage: "), Span("set ", .command), Span(tunable.name, .path), Span(" " + tunable.synopsis)],
            [Span("default: " + tunable.defaultValue.scriptText)]
        ]
        out += TextTable.wrap(tunable.summary, width: TextTable.reportWidth).map { [Span($0)] }
        guard tunable.kind == .profile else { return out }
        for profile in Profile.allCases {
            out.append([])
            out += TextTable.wrap(
                "\(profile.rawValue): \(profile.summary). From \(profile.origin).", width: TextTable.reportWidth
            )
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
        list(
            "Parameters (SPEC's values by default; params shows them now):",
            TunableTable.all.map { tunable in
                ([Span("set "), Span(tunable.name, .path), Span(" " + tunable.synopsis)], tunable.summary)
            })
    }

    /// The lists' indent, and the width their lines have after it.
    static let indent = "  "
    static let listWidth = TextTable.reportWidth - indent.count
    /// The widest name kept beside its description, which keeps at least 36 columns.
    static let widestName = listWidth - 2 - 36

    /// A heading, then two columns indented, within 80 columns: a description wraps under its column, and a
    /// name wider than `widestName` takes a line of its own, its description following in the column.
    static func list(_ heading: String, _ rows: [(name: [Span], what: String)]) -> [StyledLine] {
        var table = TextTable(header: [])
        table.maxWidth = listWidth
        for row in rows {
            if row.name.reduce(0, { $0 + $1.text.count }) > widestName {
                for line in wrapped(row.name) { table.append(spanning: line) }
                table.append(spans: [[], [Span(row.what)]])
            } else {
                table.append(spans: [row.name, [Span(row.what)]])
            }
        }
        return [[Span(heading, .heading)]] + table.lines(.plain).dropFirst().map { [Span(indent)] + $0 }
    }

    /// A name on lines of its own: whole when it fits the list, else its last span (a synopsis such as `set
    /// profile`'s alternatives) cut at blanks, `|` or `,`, the lines after the first indented by four.
    static func wrapped(_ name: [Span]) -> [[Span]] {
        guard let last = name.last, name.reduce(0, { $0 + $1.text.count }) > listWidth else { return [name] }
        let head = Array(name.dropLast())
        let room = listWidth - head.reduce(0) { $0 + $1.text.count } - 1
        let pieces = TextTable.wrap(String(last.text.drop { $0 == " " }), width: room)
        return [head + [Span(" " + pieces[0], last.role)]] + pieces.dropFirst().map { [Span("    " + $0, last.role)] }
    }

    /// A paragraph cut at blanks into lines of at most 80 columns.
    static func prose(_ text: String) -> [StyledLine] {
        TextTable.wrap(text, width: TextTable.reportWidth).map { [Span($0)] }
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
