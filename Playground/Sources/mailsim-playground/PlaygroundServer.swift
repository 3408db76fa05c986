import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import MailboxPlayground
import NIOCore
import Synchronization

/// The server: the page's routes, the WebSocket, and the announcement once it listens. It stops on SIGINT or
/// SIGTERM (Hummingbird's graceful shutdown: open sockets are closed, then `run` returns).
struct PlaygroundServer {
    let start: PlaygroundStart
    let address: ServedAddress
    let port: Int
    let openBrowser: Bool

    func run() async throws {
        let gate = SessionGate(limit: PlaygroundLimits.openSessions)
        let boundPort = Atomic<Int>(port)
        let address = self.address, start = self.start, openBrowser = self.openBrowser
        let port: @Sendable () -> Int = { boundPort.load(ordering: .relaxed) }

        let router = Router()
        PageRoutes.add(to: router, address: address, port: port, gate: gate)

        var logger = Logger(label: "mailsim-playground")
        logger.logLevel = .warning
        let webSocket = WebSocketServerConfiguration(maxFrameSize: PlaygroundLimits.messageBytes, autoPing: .enabled(timePeriod: .seconds(30)))
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(configuration: .init(http1: .init(idleTimeout: .seconds(60)), ws: webSocket)) { request, channel, _ in
                if let refusal = UpgradeRefusal.of(request, address: address, port: port(), gate: gate) {
                    refusal.answer(on: channel)
                    return .dontUpgrade
                }
                let origin = request.headerFields[.origin] ?? "?"
                return .upgrade([:]) { inbound, outbound, _ in
                    try await SocketSession.serve(start: start, gate: gate, origin: origin, inbound: inbound, outbound: outbound)
                }
            },
            configuration: .init(address: .hostname(address.host.trimmingCharacters(in: ["[", "]"]), port: self.port),
                                 serverName: "mailsim-playground"),
            onServerRunning: { channel in
                let actual = channel.localAddress?.port ?? self.port
                boundPort.store(actual, ordering: .relaxed)
                Browser.announce("http://\(address.printedHost):\(actual)/", open: openBrowser)
            },
            logger: logger
        )
        try await app.runService()
    }
}
