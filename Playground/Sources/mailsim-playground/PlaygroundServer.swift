import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import MailboxPlayground
import NIOCore
import ServiceLifecycle
import Synchronization

/// The server: the page's routes, the WebSocket, and the announcement once it listens. It stops on SIGINT or
/// SIGTERM within `Stopping.seconds`, whatever its clients do (Hummingbird's graceful shutdown, cut short).
struct PlaygroundServer {
    let start: PlaygroundStart
    let address: ServedAddress
    let port: Int
    let openBrowser: Bool
    /// A page that sends nothing for this long is closed (docs/playground.md, Limits).
    let idleSeconds: Double
    /// Sessions one client address may hold.
    let sessionsPerAddress: Int
    /// Sessions open at once (`--max-sessions`).
    let maxSessions: Int
    /// Whose forwarded headers are believed (`--trusted-proxy`).
    let forwarding: Forwarding
    /// The page's WebAssembly simulation and its files (`--site`), read at start.
    let site: SiteFiles
    /// Connections held at once (`Descriptors.connectionBound`).
    let maxConnections: Int
    /// One export's bound (`--export-seconds`).
    let exportSeconds: Double

    func run() async throws {
        let gate = SessionGate(limit: maxSessions, perAddress: sessionsPerAddress)
        let stopping = Stopping()
        await stopping.watchSignals()
        let lanes = WorkLanes()
        let exports = ExportLane(seconds: exportSeconds)
        let metrics = Metrics()
        let services = SessionServices(
            start: start, lanes: lanes, stopping: stopping, idleSeconds: idleSeconds, metrics: metrics)
        let boundPort = Atomic<Int>(port)
        let address = self.address
        let openBrowser = self.openBrowser
        let port: @Sendable () -> Int = { boundPort.load(ordering: .relaxed) }

        let forwarding = self.forwarding
        let connections = ConnectionTable(
            forwarding: forwarding, maxSessions: maxSessions, total: maxConnections, metrics: metrics)
        let probes = ProbeAnswers(
            address: address, port: port, forwarding: forwarding, stopping: stopping, metrics: metrics, gate: gate,
            connections: connections)
        let router = Router(context: PlaygroundContext.self)
        PageRoutes.add(
            to: router, address: address, port: port, gate: gate, exports: exports, stopping: stopping,
            forwarding: forwarding, metrics: metrics, site: site, probes: probes)

        var logger = Logger(label: "mailsim-playground")
        logger.logLevel = .critical  // a refused or broken connection is answered, not logged as a server error
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
                    let checked = UpgradeRefusal.check(
                        request, peer: peer, address: address, port: port(), gate: gate, forwarding: forwarding,
                        stopping: stopping)
                    switch checked {
                    case .failure(let refusal):
                        metrics.refused(refusal.kind)
                        Log.refused(refusal.kind, refusal.reason, client: peer)
                        refusal.answer(on: channel)
                        return .dontUpgrade
                    case .success(let (ticket, client)):
                        // The place is the session's from now: given back when it ends, or when the connection
                        // closes before it began.
                        channel.closeFuture.whenComplete { _ in ticket.release() }
                        try? channel.pipeline.syncOperations.addHandler(MaskCheck(), position: .first)
                        let origin = request.headerFields[.origin] ?? "?"
                        return .upgrade([:]) { inbound, outbound, _ in
                            try await SocketSession.serve(
                                services, ticket: ticket, client: client, origin: origin, inbound: inbound,
                                outbound: outbound)
                        }
                    }
                }, connections: connections, probes: probes)
        }
        let app = Application(
            router: router,
            server: server,
            configuration: .init(
                address: .hostname(address.host.trimmingCharacters(in: ["[", "]"]), port: self.port),
                serverName: "mailsim-playground"),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? self.port
                boundPort.store(actual, ordering: .relaxed)
                let url = "http://\(address.printedHost):\(actual)/"
                Log.event("listening", "playground at \(url)", [("url", .text(url))], jsonOnly: true)
                Browser.announce(url, open: openBrowser)
            },
            logger: logger
        )
        // No signal of ServiceLifecycle's own: `Stopping` watches them, and starts the graceful shutdown after the
        // drain (Hummingbird's `runService` would stop listening at the signal).
        let group = ServiceGroup(
            configuration: .init(services: [app], gracefulShutdownSignals: [], logger: logger))
        stopping.onDrained { await group.triggerGracefulShutdown() }
        try await group.run()
        await exports.shutdown()
        await lanes.shutdown()
        // The drain ended before the bound: every connection closed (the bound's own `stopped` is in Stopping).
        Log.event("stopped", "stopped", jsonOnly: true)
    }
}
