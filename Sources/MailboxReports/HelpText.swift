import MailboxAnimation
import MailboxScript
import MailboxSim
import MailboxText

/// `help` and `help NAME`, from the command table's own descriptions.
public enum HelpText {
    public static func lines(_ topic: HelpTopic) -> [String] {
        switch topic {
        case .commands:
            var table = TextTable(header: [])
            for spec in CommandTable.all { table.append([spec.synopsis, spec.summary]) }
            return ["Commands (help NAME explains one):"] + table.lines.dropFirst().map { "  " + $0 }
        case .command(let spec):
            var out = ["usage: " + spec.synopsis, spec.summary]
            if !spec.aliases.isEmpty { out.append("also: " + spec.aliases.joined(separator: ", ")) }
            out += ["", spec.details, "", "example: " + spec.example]
            return out
        }
    }
}
