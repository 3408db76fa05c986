import ArgumentParser
import MailboxPlayground

/// The playground server's arguments and help, declared once: `mailsim serve`
/// (Sources/mailsim/Commands/ServeCommand.swift) parses them and passes them on to `mailsim-playground` (Playground/),
/// which parses the same declaration.
public struct PlaygroundOptions: ParsableArguments, Sendable {
    /// The one-line summary both commands show.
    public static let abstract = "Serve the playground: the phone in a web page, driven by the mouse or a finger."

    /// What both commands' help says under the summary.
    public static let discussion = """
        The page's pointer is the finger; every pixel is the SVG `snapshot` writes and everything the page does is a \
        line of the session's script, which the page shows and downloads. Each browser tab is its own session; \
        nothing is stored on the server. Ctrl-C stops the server.

        The server answers only pages it served itself (the WebSocket's Origin must be the page's own, and the Host \
        this server's address). --host other than a loopback address lets other machines use it: there is no \
        authentication. Behind a proxy at a public name, --public-origin names the origin the page is served at and \
        --trusted-proxy the proxy whose X-Forwarded-For is believed; GET /healthz and GET /metrics are for the \
        balancer and the scraper.

        With the folder `make site` writes (--site), the page runs the simulation itself, compiled to WebAssembly; \
        without it, the page's session runs on the server.

        Exit status: 0 stopped by Ctrl-C or SIGTERM; 2 an error (the start script failed, a file that cannot be \
        read, a --site folder that is not a whole make site folder, the address cannot be bound, a usage error).
        """

    /// The port `--port` takes when not given.
    public static let defaultPort = 8080
    /// The address `--host` takes when not given: loopback only.
    public static let defaultHost = "127.0.0.1"

    @Argument(
        help: "A script to run first: every session starts from the state it leaves.",
        completion: .file(extensions: ["mbs"]))
    public var script: String?

    @Option(name: .long, help: "The TCP port to listen on (0 picks a free one; the printed address shows it).")
    public var port: Int = PlaygroundOptions.defaultPort

    @Option(name: .long, help: "The address to listen on (a non-loopback address serves other machines).")
    public var host: String = PlaygroundOptions.defaultHost

    @Flag(name: .long, help: "Open the page in the default browser (xdg-open).")
    public var open = false

    /// `--idle-timeout` when not given: half an hour.
    public static let defaultIdleSeconds = 1800.0
    /// `--sessions-per-address` when not given.
    public static let defaultSessionsPerAddress = 16

    @Option(
        name: .long,
        help: "Close a page's session after this many seconds without a message from it (the page says so).")
    public var idleTimeout: Double = PlaygroundOptions.defaultIdleSeconds

    @Option(
        name: .long,
        help:
            """
            The most sessions one client address may have open at once (1 to 10000; a class behind one NAT \
            address needs the class's size).
            """
    )
    public var sessionsPerAddress: Int = PlaygroundOptions.defaultSessionsPerAddress

    /// `--max-sessions` when not given (PlaygroundLimits.openSessions).
    public static let defaultMaxSessions = 64
    /// The bounds of `--max-sessions` and `--sessions-per-address`.
    public static let sessionRange = 1...10_000

    @Option(
        name: .long,
        help: "The most sessions open at once, from everyone (1 to 10000); a full server's page says so.")
    public var maxSessions: Int = PlaygroundOptions.defaultMaxSessions

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "An origin (scheme://host[:port]) the page is also served at, behind a proxy; repeatable.",
            valueName: "url"))
    public var publicOrigin: [String] = []

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "A proxy's address or CIDR block whose X-Forwarded-For/-Proto/-Host headers are believed; repeatable.",
            valueName: "addr"))
    public var trustedProxy: [String] = []

    @Option(name: .long, help: "How standard error's lines are written: text, or json (one object a line).")
    public var logFormat: LogFormat = .text

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The folder `make site` wrote (.build/site): the page's WebAssembly simulation and its files. Default: "
                + "the first of ../share/mailsim/site beside the server, ROOT/.build/site when the server runs from "
                + "this repository's Playground/.build/CONFIG, that holds site.json. Its files must match site.json.",
            valueName: "dir"),
        completion: .directory)
    public var site: String?

    /// `--ipv6-prefix` when not given: the /64 a subscriber's network is (RFC 6177).
    public static let defaultIPv6Prefix = 64
    /// The values `--ipv6-prefix` takes.
    public static let ipv6PrefixRange = 16...128

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The leading bits of an IPv6 address that name one client for the per-address bounds (16 to 128; a "
                + "subscriber's /64 is one client).",
            valueName: "bits"))
    public var ipv6Prefix: Int = PlaygroundOptions.defaultIPv6Prefix

    /// `--export-seconds` when not given: the library's bound, which its exports default to.
    public static let defaultExportSeconds = PlaygroundLimits.exportSeconds
    /// The values `--export-seconds` takes.
    public static let exportSecondsRange = 1.0...300.0

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The most seconds one walkthrough export may run (1 to 300); an export waits for its turn at most this "
                + "and 5 s more.",
            valueName: "seconds"))
    public var exportSeconds: Double = PlaygroundOptions.defaultExportSeconds

    /// The `--public-origin` values, read (valid once `validate()` passed).
    public var publicOrigins: [PublicOrigin] {
        publicOrigin.compactMap { try? PublicOrigin.parse($0).get() }
    }

    /// The `--trusted-proxy` values, read (valid once `validate()` passed).
    public var trustedProxies: [AddressRange] {
        trustedProxy.compactMap { AddressRange($0) }
    }

    public init() {}

    public func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535 (got \(port))") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        guard idleTimeout >= 1, idleTimeout <= 86_400 else {
            throw ValidationError("--idle-timeout must be from 1 to 86400 seconds (got \(idleTimeout))")
        }
        guard Self.sessionRange.contains(sessionsPerAddress) else {
            throw ValidationError("--sessions-per-address must be from 1 to 10000 (got \(sessionsPerAddress))")
        }
        guard Self.sessionRange.contains(maxSessions) else {
            throw ValidationError("--max-sessions must be from 1 to 10000 (got \(maxSessions))")
        }
        guard Self.ipv6PrefixRange.contains(ipv6Prefix) else {
            throw ValidationError("--ipv6-prefix must be from 16 to 128 (got \(ipv6Prefix))")
        }
        guard Self.exportSecondsRange.contains(exportSeconds) else {
            throw ValidationError("--export-seconds must be from 1 to 300 (got \(exportSeconds))")
        }
        for text in publicOrigin {
            if case .failure(let error) = PublicOrigin.parse(text) {
                throw ValidationError("--public-origin '\(text)' is not an origin: \(error.reason)")
            }
        }
        for text in trustedProxy {
            if case .failure(let error) = AddressRange.parse(text) {
                throw ValidationError(
                    "--trusted-proxy '\(text)' is not an address or a CIDR block (such as 10.0.0.0/8): \(error.reason)")
            }
        }
    }

    /// The arguments that give `mailsim-playground` these options (what `mailsim serve` runs it with).
    public var arguments: [String] {
        var arguments = ["--port", String(port), "--host", host]
        if open { arguments.append("--open") }
        if idleTimeout != Self.defaultIdleSeconds { arguments += ["--idle-timeout", String(idleTimeout)] }
        if sessionsPerAddress != Self.defaultSessionsPerAddress {
            arguments += ["--sessions-per-address", String(sessionsPerAddress)]
        }
        if maxSessions != Self.defaultMaxSessions { arguments += ["--max-sessions", String(maxSessions)] }
        for origin in publicOrigin { arguments += ["--public-origin", origin] }
        for proxy in trustedProxy { arguments += ["--trusted-proxy", proxy] }
        if logFormat != .text { arguments += ["--log-format", logFormat.rawValue] }
        if ipv6Prefix != Self.defaultIPv6Prefix { arguments += ["--ipv6-prefix", String(ipv6Prefix)] }
        if exportSeconds != Self.defaultExportSeconds { arguments += ["--export-seconds", String(exportSeconds)] }
        if let site { arguments += ["--site", site] }
        if let script { arguments += ["--", script] }
        return arguments
    }
}

/// How the server writes standard error: `text` (a line of words) or `json` (one JSON object a line).
public enum LogFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    case text, json
}
