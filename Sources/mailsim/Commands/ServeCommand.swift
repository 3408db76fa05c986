import ArgumentParser
import Glibc
import MailboxText
import PlaygroundOptions

extension MailsimCommand {
    /// `mailsim serve`: runs `mailsim-playground`, the playground's server (Playground/, its own package, so that
    /// SwiftNIO and Hummingbird are not linked into mailsim), with the same arguments: both declare them as
    /// `PlaygroundOptions` (Sources/PlaygroundOptions), once.
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: PlaygroundOptions.abstract,
            discussion: PlaygroundOptions.discussion + """


                mailsim serve runs mailsim-playground, found beside mailsim, then (for a mailsim in this repository's \
                .build) in Playground/.build, then on the PATH (make playground builds it, make install installs it).
                """
        )

        @OptionGroup var options: PlaygroundOptions

        func run() throws {
            let folders = ServerSearch.folders(executable: ServerSearch.runningExecutable())
            let path = ServerSearch.pathFolders(getenv("PATH").map { String(cString: $0) })
            guard let server = ServerSearch.find(in: folders + path) else {
                Console.error(errorLine(ServerSearch.notFound(folders: folders)))
                throw ExitCode(2)
            }
            let arguments = [server] + options.arguments
            Console.flushOutput()
            let argv = arguments.map { strdup($0) } + [nil]
            execv(server, argv)
            Console.error(errorLine("cannot run \(server): \(String(cString: strerror(errno)))"))
            throw ExitCode(2)
        }
    }
}
