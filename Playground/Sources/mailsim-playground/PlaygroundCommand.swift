import ArgumentParser
import Foundation
import MailboxPlayground
import PlaygroundOptions

/// `mailsim-playground [SCRIPT] [--port N] [--host ADDR] [--open]`: serves the playground (docs/playground.md).
/// `mailsim serve` runs this program with the same arguments.
@main
struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailsim-playground",
        abstract: PlaygroundOptions.abstract,
        discussion: PlaygroundOptions.discussion,
        version: "mailsim-playground 0.1.0"
    )

    @OptionGroup var options: PlaygroundOptions

    /// Usage errors exit 2, as `mailsim`'s do (ArgumentParser's own code for them is 64).
    static func main() async {
        do {
            let parsed = try parseAsRoot()
            if let command = parsed as? PlaygroundCommand {
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
        let start = try StartScript.load(options.script)
        let host = options.host, port = options.port
        let address = ServedAddress(host: host)
        if !address.isLoopback {
            Log.line("warning: --host \(host) serves the playground to other machines, without authentication")
        }
        do {
            try await PlaygroundServer(start: start, address: address, port: port, openBrowser: options.open).run()
        } catch {
            Log.line("error: cannot serve on \(address.urlHost):\(port): \(error)")
            throw ExitCode(2)
        }
    }
}
