import ArgumentParser
import MailsimVersion
import PlaygroundOptions

/// `mailsim`: the Mailbox gesture and animation simulator.
@main
struct MailsimCommand: ParsableCommand {
    static let version = MailsimVersion.number
    /// What `mailsim --version` prints.
    static let versionLine = "mailsim \(version)"

    static let configuration = CommandConfiguration(
        commandName: "mailsim",
        abstract: "Simulates the Mailbox app's gestures and animations, headless.",
        discussion: """
            With no subcommand, mailsim is a line-editing REPL when standard input is a terminal; otherwise it \
            reads commands from standard input as a script (exit codes as for `run`). Type `help` at the prompt \
            for the script language.

            At the prompt: Tab completes commands and their arguments, Up/Down and Ctrl-R search the history \
            (kept in $MAILSIM_HISTORY, else $XDG_STATE_HOME/mailsim/history, else ~/.mailsim_history; \
            MAILSIM_HISTORY= keeps none), Ctrl-C cancels the line or the running command, Ctrl-D leaves.

            Exit status: 0 success (and --help, --version); 1 an expectation failed (run, a script on standard \
            input) or a script failed (test); 2 an error: a script's error, a file that cannot be read, or a \
            usage error (an unknown command or option, a missing argument).
            """,
        version: versionLine,
        subcommands: [
            Interactive.self, Run.self, Test.self, Record.self, Grade.self, Export.self, Serve.self, Lsp.self
        ],
        defaultSubcommand: Interactive.self
    )

    @OptionGroup var output: OutputOptions
}
