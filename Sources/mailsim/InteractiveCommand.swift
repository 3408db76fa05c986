import ArgumentParser
import MailboxSim

extension MailsimCommand {
    /// `mailsim` with no subcommand: the REPL on a terminal, a script read from standard input otherwise.
    struct Interactive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "repl",
            abstract: "The REPL (the default): on a terminal, a line-editing prompt; otherwise standard input runs as a script."
        )

        @Flag(name: .long, help: "Print every animation and event as commands cause them (on by default at the prompt).")
        var trace = false

        func run() throws {
            if Console.inputIsTerminal {
                var repl = Repl()
                repl.loop()
                return
            }
            let printer = ScriptPrinter(trace: trace)
            let report = printer.run(file: "<stdin>") { () throws(FileSystem.Failure) in
                try FileSystem.readAll(0, name: "<stdin>")
            }
            if report.exitCode != 0 { throw ExitCode(report.exitCode) }
        }
    }
}
