import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import MailboxPlayground
import MailsimVersion
import NIOCore
import PlaygroundOptions
import Testing

@testable import PlaygroundServer

/// The server's routes in process: through the router alone (`.router`), and through a live server on a free
/// loopback port with its guarded channel (`.live`). The test clients send `Host: localhost` without a port, so the
/// server is given `http://localhost` as a public origin (docs/playground.md, "Behind a proxy"), else every request
/// is refused as DNS rebinding would be.
@Suite struct RouteTests {
    static func playground(maxSessions: Int = 4, publicLocalhost: Bool = true) throws -> PlaygroundApplication {
        let origins = publicLocalhost ? [try PublicOrigin.parse("http://localhost").get()] : []
        return buildApplication(
            PlaygroundConfiguration(
                address: ServedAddress(host: "127.0.0.1", publicOrigins: origins), sessionsPerAddress: 2,
                maxSessions: maxSessions),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
    }

    /// The value of the exposition's sample `name` (with its labels, as written), nil when it has none.
    static func sample(_ exposition: String, _ name: String) -> Double? {
        for line in exposition.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    static let policy = HTTPField.Name("Content-Security-Policy")!
    static let nosniff = HTTPField.Name("X-Content-Type-Options")!
    static let origin: HTTPFields = [.origin: "http://localhost"]
    static let elsewhere: HTTPFields = [.origin: "http://evil.example"]

    @Test func thePageIsServedWithItsVersionAndItsPolicy() async throws {
        try await Self.playground().application.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[Self.policy]?.hasPrefix("default-src 'self'; connect-src 'self'") == true)
                #expect(response.headers[Self.nosniff] == "nosniff")
                #expect(response.headers[.cacheControl] == "no-store")
                let version = "<meta name=\"mailsim-version\" content=\"\(MailsimVersion.number)\">"
                #expect(String(buffer: response.body).contains(version))
            }
        }
    }

    @Test func aHostThatDoesNotNameTheServerIsRefused403() async throws {
        let playground = try Self.playground(publicLocalhost: false)
        try await playground.application.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body) == "the Host must be this server's address (got localhost)\n")
            }
        }
        #expect(playground.services.metrics.refusalCount(.host) == 1)
    }

    @Test func anUnknownPageIs404WithWordsAndThePagesHeaders() async throws {
        try await Self.playground().application.test(.router) { client in
            try await client.execute(uri: "/nope", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body) == "no such page: /nope\n")
                #expect(response.headers[Self.nosniff] == "nosniff")
            }
        }
    }

    @Test func anExportFromAnotherSitesPageIsRefused403() async throws {
        let playground = try Self.playground()
        try await playground.application.test(.router) { client in
            try await client.execute(
                uri: "/walkthrough", method: .post, headers: Self.elsewhere,
                body: ByteBuffer(string: "swipe msg1 right")
            ) { response in
                #expect(response.status == .forbidden)
                #expect(
                    String(buffer: response.body).hasPrefix(
                        "an export is made for this server's own page: the Origin must be http://localhost"))
            }
        }
        #expect(playground.services.metrics.refusalCount(.origin) == 1)
    }

    @Test func anExportBodyOverOneMiBIsRefused413() async throws {
        let playground = try Self.playground()
        let body = ByteBuffer(repeating: UInt8(ascii: "#"), count: PlaygroundLimits.exportBodyBytes + 1)
        try await playground.application.test(.router) { client in
            try await client.execute(uri: "/walkthrough.gif", method: .post, headers: Self.origin, body: body) {
                response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body) == "the script is over 1048576 bytes\n")
            }
        }
        #expect(playground.services.metrics.refusalCount(.tooBig) == 1)
    }

    @Test func anExportWhoseScriptFailsIsAnswered400WithTheErrorsWords() async throws {
        let playground = try Self.playground()
        try await playground.application.test(.router) { client in
            try await client.execute(
                uri: "/walkthrough", method: .post, headers: Self.origin, body: ByteBuffer(string: "save x.mbs\n")
            ) { response in
                #expect(response.status == .badRequest)
                #expect(String(buffer: response.body) == "playground:1: error: the script touches files\n")
            }
        }
        #expect(playground.services.metrics.refusalCount(.exportRefused) == 1)
    }

    @Test func theSocketsPathWithoutAnUpgradeIs426AndFromAnotherOrigin403() async throws {
        try await Self.playground().application.test(.router) { client in
            try await client.execute(uri: "/ws", method: .get, headers: Self.origin) { response in
                #expect(response.status == .upgradeRequired)
            }
            try await client.execute(uri: "/ws", method: .get, headers: Self.elsewhere) { response in
                #expect(response.status == .forbidden)
                #expect(String(buffer: response.body).contains("the WebSocket's Origin must be this page's own"))
            }
        }
    }

    @Test func aFullServerAnswersThePageWith503() async throws {
        let playground = try Self.playground(maxSessions: 1)
        // The router's test client has no socket: its client is "an unknown address".
        let ticket = try playground.services.gate.enter(from: "198.51.100.1").get()
        try await playground.application.test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "60")
                #expect(String(buffer: response.body).contains("It holds 1 session at once"))
            }
        }
        #expect(playground.services.metrics.refusalCount(.full) == 1)
        _ = ticket.release()
    }

    @Test func theMetricsAreRefusedToAClientElsewhere() async throws {
        let playground = try Self.playground()
        try await playground.application.test(.router) { client in
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .forbidden)
                #expect(
                    String(buffer: response.body).hasPrefix(
                        "the metrics are served to this machine and to the trusted proxies only"))
            }
        }
        #expect(playground.services.metrics.refusalCount(.metrics) == 1)
    }

    @Test func healthAnswersOkOnALiveServer() async throws {
        try await Self.playground().application.test(.live) { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ok\n")
                #expect(response.headers[.contentType] == "text/plain; charset=utf-8")
            }
        }
    }

    @Test func theMetricsOfALiveServerAreItsOwnFigures() async throws {
        let playground = try Self.playground()
        try await playground.application.test(.live) { client in
            try await client.execute(uri: "/walkthrough", method: .post, headers: Self.elsewhere) { response in
                #expect(response.status == .forbidden)
            }
            try await client.execute(uri: "/metrics", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
                let text = String(buffer: response.body)
                let lines = text.split(separator: "\n").map(String.init)
                #expect(lines.contains("# TYPE mailsim_playground_sessions gauge"))
                #expect(Self.sample(text, "mailsim_playground_sessions") == 0)
                #expect(Self.sample(text, "mailsim_playground_connections_max") == 960)
                #expect(Self.sample(text, "mailsim_playground_refusals_total{reason=\"origin\"}") == 1)
                #expect(Self.sample(text, "mailsim_playground_refusals_total{reason=\"host\"}") == 0)
                #expect((Self.sample(text, "mailsim_playground_connections") ?? 0) >= 1)
                #expect((Self.sample(text, "process_open_fds") ?? 0) >= 3)
            }
        }
    }
}

extension Metrics {
    /// The refusals counted for `reason`, read from the registry's exposition as a scraper would.
    func refusalCount(_ reason: RefusalReason) -> Int? {
        let name = "mailsim_playground_refusals_total{reason=\"\(reason.rawValue)\"}"
        return RouteTests.sample(registry.emitToString(), name).map { Int($0) }
    }
}
