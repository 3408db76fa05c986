import ArgumentParser

extension MailsimCommand {
    /// `mailsim` with no subcommand: the REPL on a terminal, a script read from standard input otherwise.
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract:
                """
                The REPL (the default): on a terminal, a line-editing prompt; otherwise standard input runs as a \
                script.
                """
        )

        @Flag(
            name: .long, inversion: .prefixedNo,
            help:
                """
                --trace prints every animation and event as commands cause them; --no-trace prints none (default: \
                --trace at the prompt, --no-trace for a script on standard input).
                """
        )
        var trace: Bool?

        @OptionGroup var output: OutputOptions

        func run() throws {
            let style = Style.resolve(output.color)
            if Console.inputIsTerminal {
                let repl = Repl(style: style, trace: trace ?? true)
                let status = repl.loop()
                if status != 0 { throw ExitCode(status) }
                return
            }
            let status = ScriptPrinter.runStandardInput(trace: trace ?? false, color: output.color)
            if status != 0 { throw ExitCode(status) }
        }
    }
}
