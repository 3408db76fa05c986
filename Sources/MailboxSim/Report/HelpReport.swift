/// `help` and `help NAME`, read from the command table.
public enum HelpReport {
    public static func lines(topic: String?) -> [String] {
        guard let topic, let spec = CommandTable.spec(named: topic) else {
            var table = TextTable(header: [])
            for spec in CommandTable.all { table.append([spec.synopsis, spec.summary]) }
            return ["Commands (help NAME explains one):"] + table.lines.dropFirst().map { "  " + $0 }
        }
        var out = ["usage: " + spec.synopsis, spec.summary]
        if !spec.aliases.isEmpty { out.append("also: " + spec.aliases.joined(separator: ", ")) }
        out.append("")
        out.append(spec.details)
        out.append("")
        out.append("example: " + spec.example)
        return out
    }
}
