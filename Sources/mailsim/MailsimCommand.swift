import ArgumentParser
import MailboxSim

/// `mailsim`: the Mailbox gesture and animation simulator.
@main
struct MailsimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailsim",
        abstract: "Simulates the Mailbox app's gestures and animations, headless.",
        discussion: """
        With no subcommand, mailsim is a line-editing REPL when standard input is a terminal; otherwise it \
        reads commands from standard input as a script (exit codes as for `run`). Type `help` at the prompt \
        for the script language.
        """,
        version: "mailsim 0.1.0",
        subcommands: [Interactive.self, Run.self, Test.self],
        defaultSubcommand: Interactive.self
    )
}
