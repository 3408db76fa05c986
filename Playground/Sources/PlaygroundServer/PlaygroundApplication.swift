import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MailboxPlayground
import NIOCore
import PlaygroundOptions
import ServiceLifecycle
import Synchronization

/// What one server is made of, read from the command line before anything listens.
public struct PlaygroundConfiguration: Sendable {
    var start: PlaygroundStart
    var address: ServedAddress
    /// The port asked for (0: a free one, which the server announces).
    var port: Int
    var openBrowser: Bool
    /// A page that sends nothing for this long is closed (docs/playground.md, Limits).
    var idleSeconds: Double
    /// Sessions one client address may hold.
    var sessionsPerAddress: Int
    /// Sessions open at once (`--max-sessions`).
    var maxSessions: Int
    /// Whose forwarded headers are believed (`--trusted-proxy`).
    var forwarding: Forwarding
    /// The page's WebAssembly simulation and its files (`--site`), read at start.
    var site: SiteFiles
    /// Connections held at once (`Descriptors.connectionBound`).
    var maxConnections: Int
    /// One export's bound (`--export-seconds`).
    var exportSeconds: Double

    /// The server of `options`, starting from `start`, serving `site`, holding `maxConnections` at once.
    public init(options: PlaygroundOptions, start: PlaygroundStart, site: SiteFiles, maxConnections: Int) {
        self.init(
            start: start, address: ServedAddress(host: options.host, publicOrigins: options.publicOrigins),
            port: options.port, openBrowser: options.open, idleSeconds: options.idleTimeout,
            sessionsPerAddress: options.sessionsPerAddress, maxSessions: options.maxSessions,
            forwarding: Forwarding(
                trusted: options.trustedProxies, keys: ClientKey(ipv6Prefix: options.ipv6Prefix)),
            site: site, maxConnections: maxConnections, exportSeconds: options.exportSeconds)
    }

    init(
        start: PlaygroundStart = .empty, address: ServedAddress, port: Int = 0, openBrowser: Bool = false,
        idleSeconds: Double = PlaygroundOptions.defaultIdleSeconds,
        sessionsPerAddress: Int = PlaygroundOptions.defaultSessionsPerAddress,
        maxSessions: Int = PlaygroundOptions.defaultMaxSessions, forwarding: Forwarding = Forwarding(trusted: []),
        site: SiteFiles = .none, maxConnections: Int = 960,
        exportSeconds: Double = PlaygroundOptions.defaultExportSeconds
    ) {
        self.start = start
        self.address = address
        self.port = port
        self.openBrowser = openBrowser
        self.idleSeconds = idleSeconds
        self.sessionsPerAddress = sessionsPerAddress
        self.maxSessions = maxSessions
        self.forwarding = forwarding
        self.site = site
        self.maxConnections = maxConnections
        self.exportSeconds = exportSeconds
    }
}

/// The server: the page's routes, the WebSocket, and the announcement once it listens. It stops on SIGINT or
/// SIGTERM within `Stopping.seconds`, whatever its clients do (Hummingbird's graceful shutdown, cut short).
///
/// `buildApplication` makes the Hummingbird application and the parts it shares (the session gate, the lanes, the
/// figures), as Hummingbird's own projects do, so that tests run it in process (`HummingbirdTesting`); `run` is
/// the program's: it watches the signals and runs the application in a service group of its own.
public struct PlaygroundApplication: Sendable {
    public typealias App = Application<RouterResponder<PlaygroundContext>>

    let configuration: PlaygroundConfiguration
    /// The Hummingbird application: the router behind the guarded HTTP/1 and WebSocket channel.
    public let application: App
    /// What the routes and the upgrade check share (the gate, the exports, the figures, the log…).
    let services: PlaygroundServices
    let lanes: WorkLanes
    let connections: ConnectionTable

    /// Runs until SIGINT or SIGTERM (docs/playground.md, "Stopping").
    public func run() async throws {
        let (stopping, exports, log) = (services.stopping, services.exports, services.log)
        await stopping.watchSignals()
        // No signal of ServiceLifecycle's own: `Stopping` watches them, and starts the graceful shutdown after the
        // drain (Hummingbird's `runService` would stop listening at the signal).
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [], logger: application.logger))
        stopping.onDrained { await group.triggerGracefulShutdown() }
        try await group.run()
        await exports.shutdown()
        await lanes.shutdown()
        // The drain ended before the bound: every connection closed (the bound's own `stopped` is in Stopping).
        log.event("stopped", "stopped", jsonOnly: true)
    }
}

/// Makes the server of `configuration`: its routes, its guarded channel and the parts they share. Nothing listens
/// until the application runs. Its lines go to `logger` (the program's, through the handler it bootstrapped);
/// Hummingbird's own are kept to `critical`: a refused or broken connection is answered, not logged as a server
/// error.
public func buildApplication(_ configuration: PlaygroundConfiguration, logger: Logger) -> PlaygroundApplication {
    let log = Log(logger)
    let gate = SessionGate(limit: configuration.maxSessions, perAddress: configuration.sessionsPerAddress)
    let stopping = Stopping(log: log)
    let lanes = WorkLanes()
    let exports = ExportLane(seconds: configuration.exportSeconds)
    let metrics = Metrics()
    let sessions = SessionServices(
        start: configuration.start, lanes: lanes, stopping: stopping, idleSeconds: configuration.idleSeconds,
        metrics: metrics, log: log)
    let box = PortBox(configuration.port)
    let address = configuration.address
    let openBrowser = configuration.openBrowser
    let port: @Sendable () -> Int = { box.value }

    let forwarding = configuration.forwarding
    let connections = ConnectionTable(
        forwarding: forwarding, maxSessions: configuration.maxSessions, total: configuration.maxConnections,
        metrics: metrics)
    let probes = ProbeAnswers(
        address: address, port: port, forwarding: forwarding, stopping: stopping, metrics: metrics, gate: gate,
        connections: connections)
    let services = PlaygroundServices(
        address: address, port: port, gate: gate, exports: exports, stopping: stopping, forwarding: forwarding,
        metrics: metrics, site: configuration.site, probes: probes, log: log)
    let router = Router(context: PlaygroundContext.self)
    PageRoutes.add(to: router, services: services)

    var quiet = logger
    quiet.logLevel = .critical
    let webSocket = WebSocketServerConfiguration(
        maxFrameSize: PlaygroundLimits.messageBytes,
        autoPing: .enabled(timePeriod: .seconds(30)),
        closeTimeout: .seconds(2), validateUTF8: true)
    let server = HTTPServerBuilder { responder in
        GuardedChannel(
            inner: HTTP1WebSocketUpgradeChannel(
                responder: responder,
                configuration: .init(
                    http1: .init(idleTimeout: .seconds(ConnectionLimits.idleSeconds)), ws: webSocket)
            ) { request, channel, _ in
                let peer = channel.remoteAddress?.ipAddress ?? "an unknown address"
                switch UpgradeRefusal.check(request, peer: peer, services: services) {
                case .failure(let refusal):
                    metrics.refused(refusal.kind)
                    log.refused(refusal.kind, refusal.reason, client: peer)
                    refusal.answer(on: channel)
                    return .dontUpgrade
                case .success(let (ticket, client)):
                    // The place is the session's from now: given back when it ends, or when the connection
                    // closes before it began.
                    channel.closeFuture.whenComplete { _ in ticket.release() }
                    try? channel.pipeline.syncOperations.addHandler(MaskCheck(), position: .first)
                    let origin = request.headerFields[.origin] ?? "?"
                    let frameErrors = FrameErrors()
                    return .upgrade([:]) { inbound, outbound, _ in
                        // The upgrade is done: NIO's frame decoder is in the pipeline.
                        await frameErrors.watch(channel)
                        try await SocketSession.serve(
                            sessions, ticket: ticket, client: client, origin: origin, frameErrors: frameErrors,
                            inbound: inbound, outbound: outbound)
                    }
                }
            }, connections: connections, probes: probes, log: log)
    }
    let application = Application(
        router: router,
        server: server,
        configuration: .init(
            address: .hostname(address.host.trimmingCharacters(in: ["[", "]"]), port: configuration.port),
            serverName: "mailsim-playground"),
        onServerRunning: { channel in
            let actual = channel.localAddress?.port ?? configuration.port
            box.value = actual
            let url = "http://\(address.printedHost):\(actual)/"
            log.event("listening", "playground at \(url)", [("url", .text(url))], jsonOnly: true)
            Browser.announce(url, open: openBrowser, log: log)
        },
        logger: quiet
    )
    return PlaygroundApplication(
        configuration: configuration, application: application, services: services, lanes: lanes,
        connections: connections)
}

/// The port the server listens on, known once it listens (`--port 0` picks one).
final class PortBox: Sendable {
    private let port: Atomic<Int>

    init(_ port: Int) { self.port = Atomic(port) }

    var value: Int {
        get { port.load(ordering: .relaxed) }
        set { port.store(newValue, ordering: .relaxed) }
    }
}
