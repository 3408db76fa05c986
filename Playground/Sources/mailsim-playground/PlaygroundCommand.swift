import ArgumentParser
import Foundation
import Logging
import MailsimVersion
import PlaygroundOptions
import PlaygroundServer

/// `mailsim-playground [SCRIPT] [--port N] [--host ADDR] [--open]`: serves the playground (docs/playground.md).
/// `mailsim serve` runs this program with the same arguments. The program parses its arguments and hands them to
/// the `PlaygroundServer` library, which is the server.
@main
struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailsim-playground",
        abstract: PlaygroundOptions.abstract,
        discussion: PlaygroundOptions.discussion,
        version: "mailsim-playground \(MailsimVersion.number)"
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
                let words = message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
                // Before the options are read: words, the default format.
                PlaygroundLogHandler.standardError(String(words))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    /// Bootstraps swift-log once, with the format asked for, then serves.
    func run() async throws {
        let format: PlaygroundLogHandler.Format = options.logFormat == .json ? .json : .text
        LoggingSystem.bootstrap { _ in PlaygroundLogHandler(format: format) }
        do {
            try await PlaygroundLaunch.serve(options, logger: Logger(label: "mailsim-playground"))
        } catch {
            throw ExitCode(2)
        }
    }
}
