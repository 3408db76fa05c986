import HTTPTypes
import Hummingbird
import MailboxPlayground
import NIOCore
import NIOPosix

/// The HTTP side: the page and its two files, the walkthrough exports, and the answers to refused upgrades.
enum PageRoutes {
    static let contentSecurityPolicy =
        "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
    /// A script posted to an export: at most 1 MiB.
    static let exportBytes = 1 << 20
    /// An export's work is interrupted after this many seconds of wall time (a GIF takes longer than a message).
    static let exportSeconds = 30.0

    static func add(to router: Router<BasicRequestContext>, address: ServedAddress, port: @escaping @Sendable () -> Int,
                    gate: SessionGate) {
        router.add(middleware: HostCheck(address: address, port: port))
        router.get("/") { _, _ in asset(PlaygroundPage.html, type: "text/html; charset=utf-8") }
        router.get("/playground.js") { _, _ in asset(PlaygroundPage.script, type: "text/javascript; charset=utf-8") }
        router.get("/playground.css") { _, _ in asset(PlaygroundPage.style, type: "text/css; charset=utf-8") }
        // An upgrade the WebSocket router refused arrives here: say why.
        router.get("/ws") { request, _ in
            let headers = request.headers
            guard address.accepts(origin: headers[.origin], hostHeader: request.head.authority, port: port()) else {
                return text(.forbidden, "the WebSocket's Origin must be this page's own (\(headers[.origin] ?? "none was sent"))")
            }
            guard headers[.upgrade]?.lowercased() == "websocket" else {
                return text(.upgradeRequired, "/ws is the playground's WebSocket")
            }
            return text(.serviceUnavailable, "\(gate.limit) playground sessions are open; close one")
        }
        router.post("/walkthrough") { request, _ in
            try await export(request) { script, isCancelled in PlaygroundExports.walkthroughHTML(script: script, isCancelled: isCancelled).map { html in
                (ByteBuffer(string: html), "text/html; charset=utf-8") } }
        }
        router.post("/walkthrough.gif") { request, _ in
            try await export(request) { script, isCancelled in PlaygroundExports.walkthroughGIF(script: script, isCancelled: isCancelled).map { bytes in
                (ByteBuffer(bytes: bytes), "image/gif") } }
        }
    }

    static func headers(type: String) -> HTTPFields {
        [.contentType: type, .cacheControl: "no-store", HTTPField.Name("Content-Security-Policy")!: contentSecurityPolicy,
         HTTPField.Name("X-Content-Type-Options")!: "nosniff", HTTPField.Name("Referrer-Policy")!: "no-referrer"]
    }

    static func asset(_ body: String, type: String) -> Response {
        Response(status: .ok, headers: headers(type: type), body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: headers(type: "text/plain; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// A POSTed script made into a walkthrough on the thread pool: 400 with the error's words when it fails.
    static func export<E: Error>(_ request: Request,
                                 _ make: @escaping @Sendable (String, @escaping @Sendable () -> Bool) -> Result<(ByteBuffer, String), E>) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: exportBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return text(.contentTooLarge, "the script is over \(exportBytes) bytes")
        }
        guard let script = String(validating: body.readableBytesView, as: UTF8.self) else {
            return text(.badRequest, "the script is not UTF-8 text")
        }
        let deadline = ContinuousClock.now + .seconds(exportSeconds)
        switch try await NIOThreadPool.singleton.runIfActive({ make(script) { ContinuousClock.now >= deadline } }) {
        case .success(let (bytes, type)):
            return Response(status: .ok, headers: headers(type: type), body: .init(byteBuffer: bytes))
        case .failure(let error):
            return text(.badRequest, ErrorText.of(error))
        }
    }
}

/// Refuses a request whose `Host` is not this server's address (DNS rebinding; see ServedAddress).
struct HostCheck: RouterMiddleware {
    typealias Context = BasicRequestContext
    let address: ServedAddress
    let port: @Sendable () -> Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let host = request.head.authority, address.accepts(hostHeader: host, port: port()) else {
            return PageRoutes.text(.forbidden, "the Host must be this server's address (got \(request.head.authority ?? "none"))")
        }
        return try await next(request, context)
    }
}
