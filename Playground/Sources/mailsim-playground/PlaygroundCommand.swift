import ArgumentParser
import Foundation
import MailboxPlayground

/// `mailsim-playground [SCRIPT] [--port N] [--host ADDR] [--open]`: serves the playground (docs/playground.md).
/// `mailsim serve` runs this program with the same arguments.
@main
struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailsim-playground",
        abstract: "Serve the playground: the phone in a web page, driven by the mouse or a finger.",
        discussion: """
        The page's pointer is the finger; every pixel is the SVG `snapshot` writes and everything the page does is a \
        line of the session's script, which the page shows and downloads. Each browser tab is its own session; \
        nothing is stored on the server. Ctrl-C stops the server.

        The server answers only pages it served itself (the WebSocket's Origin must be the page's own, and the Host \
        this server's address). --host other than a loopback address lets other machines use it: there is no \
        authentication.

        Exit status: 0 stopped by Ctrl-C or SIGTERM; 2 an error (the start script failed, a file that cannot be \
        read, the address cannot be bound, a usage error).
        """,
        version: "mailsim-playground 0.1.0"
    )

    @Argument(help: "A script to run first: every session starts from the state it leaves.")
    var script: String?

    @Option(name: .long, help: "The TCP port to listen on (0 picks a free one; the printed address shows it).")
    var port: Int = 8080

    @Option(name: .long, help: "The address to listen on (a non-loopback address serves other machines).")
    var host: String = "127.0.0.1"

    @Flag(name: .long, help: "Open the page in the default browser (xdg-open).")
    var open = false

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (got \(port))") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
    }

    /// Usage errors exit 2, as `mailsim`'s do (ArgumentParser's own code for them is 64).
    static func main() async {
        do {
            let parsed = try parseAsRoot()
            if var command = parsed as? PlaygroundCommand {
                try await command.run()
            } else {
                var command = parsed
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                // As mailsim writes a usage error: `error: …`, exit 2.
                let message = fullMessage(for: error)
                Log.line(message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message)
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    func run() async throws {
        let start = try StartScript.load(script)
        let address = ServedAddress(host: host)
        if !address.isLoopback {
            Log.line("warning: --host \(host) serves the playground to other machines, without authentication")
        }
        do {
            try await PlaygroundServer(start: start, address: address, port: port, openBrowser: open).run()
        } catch {
            Log.line("error: cannot serve on \(address.urlHost):\(port): \(error)")
            throw ExitCode(2)
        }
    }
}
