import MailboxText
import ArgumentParser
import Glibc

extension MailsimCommand {
    /// `mailsim serve`: runs `mailsim-playground`, the playground's server (Playground/, its own package, so that
    /// SwiftNIO and Hummingbird are not linked into mailsim), with the same arguments. Its help and arguments are
    /// the server's own (Tests/playground/test_server.py checks that they stay the same).
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
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

            mailsim serve runs mailsim-playground, found beside mailsim, then on the PATH (make playground builds it, \
            make install installs it).
            """
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

        func run() throws {
            guard let server = Serve.server() else {
                Console.error(errorLine("the playground server is not built: run make playground"))
                throw ExitCode(2)
            }
            var arguments = [server, "--port", String(port), "--host", host]
            if open { arguments.append("--open") }
            if let script { arguments += ["--", script] }
            Console.flushOutput()
            let argv = arguments.map { strdup($0) } + [nil]
            execv(server, argv)
            Console.error(errorLine("cannot run \(server): \(String(cString: strerror(errno)))"))
            throw ExitCode(2)
        }

        static let serverName = "mailsim-playground"

        /// `mailsim-playground` beside the running mailsim (/proc/self/exe, links resolved), else on the PATH.
        static func server() -> String? {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
            if count > 0 {
                let exe = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if let slash = exe.lastIndex(of: "/") {
                    let beside = exe[..<slash] + "/" + serverName
                    if access(beside, X_OK) == 0 { return beside }
                }
            }
            guard let path = getenv("PATH") else { return nil }
            for folder in String(cString: path).split(separator: ":", omittingEmptySubsequences: false) {
                let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + serverName
                if access(candidate, X_OK) == 0 { return candidate }
            }
            return nil
        }
    }
}
