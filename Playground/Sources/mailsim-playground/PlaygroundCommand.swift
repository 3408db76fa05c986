import ArgumentParser
import Foundation
import MailboxPlayground
import NIOCore
import PlaygroundOptions

/// `mailsim-playground [SCRIPT] [--port N] [--host ADDR] [--open]`: serves the playground (docs/playground.md).
/// `mailsim serve` runs this program with the same arguments.
@main
struct PlaygroundCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mailsim-playground",
        abstract: PlaygroundOptions.abstract,
        discussion: PlaygroundOptions.discussion,
        version: "mailsim-playground \(PlaygroundOptions.version)"
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
        Log.useJSON(options.logFormat == .json)
        let start = try StartScript.load(options.script)
        let site = try Self.site(named: options.site)
        let host = options.host
        let port = options.port
        let address = ServedAddress(host: host, publicOrigins: options.publicOrigins)
        if !address.isLoopback {
            Log.line("warning: --host \(host) serves the playground to other machines, without authentication")
        }
        Descriptors.raiseLimit()
        let (maxConnections, files) = Descriptors.connectionBound()
        Log.event(
            "connections",
            "at most \(maxConnections) connections at once (the open-file limit \(files), less "
                + "\(files - maxConnections) kept for files and exports)",
            [("max", .number(maxConnections)), ("files", .number(files))])
        do {
            try await PlaygroundServer(
                start: start, address: address, port: port, openBrowser: options.open,
                idleSeconds: options.idleTimeout, sessionsPerAddress: options.sessionsPerAddress,
                maxSessions: options.maxSessions,
                forwarding: Forwarding(
                    trusted: options.trustedProxies, keys: ClientKey(ipv6Prefix: options.ipv6Prefix)),
                site: site, maxConnections: maxConnections, exportSeconds: options.exportSeconds
            ).run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            Log.line("error: port \(port) is in use (try --port N, or --port 0 for a free one)")
            throw ExitCode(2)
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            Log.line("error: cannot serve on \(address.urlHost): it is not an address of this machine")
            throw ExitCode(2)
        } catch let error as IOError {
            Log.line("error: cannot serve on \(address.urlHost):\(port): \(String(cString: strerror(error.errnoCode)))")
            throw ExitCode(2)
        } catch {
            Log.line("error: cannot serve on \(address.urlHost):\(port): \(error)")
            throw ExitCode(2)
        }
    }

    /// The site folder's files (`--site`, or the first default folder that holds mailsim.wasm), read before anything
    /// listens; one line says which the page runs: the simulation in the page, or the server's session.
    static func site(named folder: String?) throws -> SiteFiles {
        let executable = SiteFiles.runningExecutable()
        switch SiteFiles.load(named: folder, executable: executable) {
        case .failure(let failure):
            Log.line("error: " + failure.reason)
            throw ExitCode(2)
        case .success(let site):
            if let found = site.folder {
                Log.event(
                    "site", "the page runs the simulation itself: \(site.files.count) files of \(found) served",
                    [("folder", .text(found))])
            } else {
                let folders = SiteFiles.defaultFolders(executable: executable)
                let looked =
                    folders.isEmpty ? "nowhere: the server's own path is unknown" : folders.joined(separator: ", ")
                Log.event(
                    "site",
                    "no site folder with \(SiteFiles.simulation) (looked in \(looked); make site writes one, --site "
                        + "names it): the page will use the server's session")
            }
            return site
        }
    }
}

/// The open-file limit: the soft one raised to the hard one, so that the sockets a server may hold are not cut at
/// the usual 1,024 (each connection is a descriptor; the guards close the idle and incomplete ones).
enum Descriptors {
    static func raiseLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The connections the server holds at once, below the open-file limit, and that limit: an
    /// eighth of the limit (at least 64) is kept for what else opens files: the event loops, the site's and the
    /// kernel's files read, the fonts an export draws with, and libdispatch, which aborts the process when it cannot
    /// open `/proc/TID/stat`.
    static func connectionBound() -> (connections: Int, files: Int) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (960, 1024) }
        let files = Int(min(limit.rlim_cur, 1 << 30))
        return (max(16, files - max(64, files / 8)), files)
    }
}
