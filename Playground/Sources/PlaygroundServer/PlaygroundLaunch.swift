import Foundation
import Logging
import MailboxPlayground
import NIOCore
import PlaygroundOptions

/// Why the server did not start (a start script that fails, a site folder that cannot be read, an address that
/// cannot be served): its `error:` lines are written already, and the program exits 2.
public struct PlaygroundStartFailure: Error, Sendable {}

/// The program's whole run from its parsed options: the start script and the site read, the open-file limit
/// raised, then the server until it stops (`mailsim-playground`, `mailsim serve`).
public enum PlaygroundLaunch {
    /// Serves the playground of `options`, its lines written to `logger`.
    public static func serve(_ options: PlaygroundOptions, logger: Logger) async throws(PlaygroundStartFailure) {
        let log = Log(logger)
        let start = try StartScript.load(options.script, log: log)
        let site = try Self.site(named: options.site, log: log)
        let host = options.host
        let port = options.port
        let address = ServedAddress(host: host, publicOrigins: options.publicOrigins)
        if !address.isLoopback {
            log.line("warning: --host \(host) serves the playground to other machines, without authentication")
        }
        Descriptors.raiseLimit()
        let (maxConnections, files) = Descriptors.connectionBound()
        log.event(
            "connections",
            "at most \(maxConnections) connections at once (the open-file limit \(files), less "
                + "\(files - maxConnections) kept for files and exports)",
            [("max", .number(maxConnections)), ("files", .number(files))])
        do {
            let configuration = PlaygroundConfiguration(
                options: options, start: start, site: site, maxConnections: maxConnections)
            try await buildApplication(configuration, logger: logger).run()
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            log.line("error: port \(port) is in use (try --port N, or --port 0 for a free one)")
            throw PlaygroundStartFailure()
        } catch let error as IOError where error.errnoCode == EADDRNOTAVAIL {
            log.line("error: cannot serve on \(address.urlHost): it is not an address of this machine")
            throw PlaygroundStartFailure()
        } catch let error as IOError {
            log.line("error: cannot serve on \(address.urlHost):\(port): \(String(cString: strerror(error.errnoCode)))")
            throw PlaygroundStartFailure()
        } catch {
            log.line("error: cannot serve on \(address.urlHost):\(port): \(error)")
            throw PlaygroundStartFailure()
        }
    }

    /// The site folder's files (`--site`, or the first default folder that holds site.json), read before anything
    /// listens; one line says which the page runs: the simulation in the page, or the server's session.
    static func site(named folder: String?, log: Log) throws(PlaygroundStartFailure) -> SiteFiles {
        let executable = SiteFiles.runningExecutable()
        switch SiteFiles.load(named: folder, executable: executable) {
        case .failure(let failure):
            log.line("error: " + failure.reason)
            throw PlaygroundStartFailure()
        case .success(let site):
            if let found = site.folder, let build = site.build {
                log.event(
                    "site",
                    "the page runs the simulation itself: \(site.files.count) files of \(found) served (build "
                        + "\(build), mailsim \(site.mailsim ?? "?"), each as its site.json lists it)",
                    [("folder", .text(found)), ("build", .text(build))])
            } else {
                let folders = SiteFiles.defaultFolders(executable: executable)
                let looked =
                    folders.isEmpty ? "nowhere: the server's own path is unknown" : folders.joined(separator: ", ")
                log.event(
                    "site",
                    "no site folder with \(SiteManifest.name) (looked in \(looked); make site writes one, --site "
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
