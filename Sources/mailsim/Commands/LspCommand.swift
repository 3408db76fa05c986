import ArgumentParser
import Glibc
import MailboxLanguageServer

extension MailsimCommand {
    /// `mailsim lsp`: the language server for `.mbs` files, on standard input and output (docs/editors.md).
    struct Lsp: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Serve the Language Server Protocol for .mbs scripts on standard input and output.",
            discussion: """
                An editor starts it (editors/ has VS Code, Neovim and Helix set-ups). It runs the script as you \
                type and reports what `mailsim run` would, completes, shows each line's state and screen on hover, \
                and offers fixes. Exit status: 0 after shutdown and exit, 1 when the client left without them.
                """
        )

        // `--stdio` is what editors' clients often pass: accepted, and the only transport.
        @Flag(name: .long, help: "Talk on standard input and output (the default and only transport).")
        var stdio = false

        func run() throws {
            let status = StdioServer.serve()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
