import MailboxAnimation
import MailboxSim
import MailboxText

// `help [NAME]`: the command list, a command, the paths or a parameter explained (SPEC §4).
extension CommandTable {
    static let help = CommandSpec(
        "help", traits: .looks, [.optional(.command, .commandName), .optional(.name, .setting)],
        summary: "list commands, or explain one; help paths: the property paths",
        details:
            """
            Lists every command with its synopsis; `help NAME` explains one with an example; `help paths` lists \
            every property path that expect and show read, with its type; `help set NAME` explains one parameter \
            (`help set profile`: every profile's numbers and where each comes from).
            """,
        example: "help pan"
    ) { a throws(ScriptError) in
        .help(topic: a.word(.command), parameter: a.word(.name))
    } arguments: { command in
        guard case let .help(topic, parameter) = command else { return nil }
        return Arguments([(.command, topic.map { .text($0) }), (.name, parameter.map { .text($0) })])
    }
}

extension Session {
    /// `help`: the command list, one command, the property paths, or one parameter.
    func performHelp(topic: String?, parameter: String?, into outcome: inout Outcome) {
        if topic == "set", let parameter, let tunable = TunableTable.named(parameter) {
            outcome.effect = .report(.help(.parameter(tunable)))
        } else if topic == CommandTable.pathsTopic {
            outcome.effect = .report(.help(.paths))
        } else {
            outcome.effect = .report(
                .help(topic.flatMap(CommandTable.spec(named:)).map(HelpTopic.command) ?? .commands))
        }
    }
}
