import MailboxText
import ArgumentParser
import Glibc
import PlaygroundOptions

extension MailsimCommand {
    /// `mailsim serve`: runs `mailsim-playground`, the playground's server (Playground/, its own package, so that
    /// SwiftNIO and Hummingbird are not linked into mailsim), with the same arguments: both declare them as
    /// `PlaygroundOptions` (Sources/PlaygroundOptions), once.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: PlaygroundOptions.abstract,
            discussion: PlaygroundOptions.discussion + """


            mailsim serve runs mailsim-playground, found beside mailsim, then on the PATH (make playground builds it, \
            make install installs it).
            """
        )

        @OptionGroup var options: PlaygroundOptions

        func run() throws {
            guard let server = Serve.server() else {
                Console.error(errorLine("the playground server is not built: run make playground"))
                throw ExitCode(2)
            }
            let arguments = [server] + options.arguments
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
