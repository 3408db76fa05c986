import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import MailboxPlayground
import NIOCore
import NIOPosix

/// The HTTP side: the page and its two files, the walkthrough exports, and the answers to refused upgrades.
enum PageRoutes {
    static let contentSecurityPolicy =
        "default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'"
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
        router.get("/plots.css") { _, _ in asset(PlaygroundPage.plotStyle, type: "text/css; charset=utf-8") }
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
                (ByteBuffer(string: html), "text/html; charset=utf-8", walkthroughPolicy(html)) } }
        }
        router.post("/walkthrough.gif") { request, _ in
            try await export(request) { script, isCancelled in PlaygroundExports.walkthroughGIF(script: script, isCancelled: isCancelled).map { bytes in
                (ByteBuffer(bytes: bytes), "image/gif", contentSecurityPolicy) } }
        }
    }

    /// The walkthrough's own policy. `POST /walkthrough` answers `mailsim record`'s HTML player, whose script and
    /// style are inline (it is one self-contained file): each inline block is allowed by its SHA-256, computed
    /// here from the page as it is sent, and nothing else runs. `sandbox allow-scripts` gives the page an opaque
    /// origin (it cannot read this server's cookies, storage or pages), and `default-src 'none'` forbids any
    /// connection, form, frame or fetch; its pictures are inline SVG, which needs no source.
    static func walkthroughPolicy(_ html: String) -> String {
        let scripts = inlineBlocks(html, open: "<script>", close: "</script>").map(sourceHash)
        let styles = inlineBlocks(html, open: "<style>", close: "</style>").map(sourceHash)
        return "default-src 'none'; script-src \(scripts.isEmpty ? "'none'" : scripts.joined(separator: " ")); "
            + "style-src \(styles.isEmpty ? "'none'" : styles.joined(separator: " ")); img-src data:; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'; sandbox allow-scripts"
    }

    /// The texts between `open` and `close` (a `<script>` without attributes is code; the player's data block,
    /// `<script type="application/json">`, is not run and needs no hash).
    static func inlineBlocks(_ html: String, open: String, close: String) -> [Substring] {
        var blocks: [Substring] = []
        var rest = html[...]
        while let start = rest.range(of: open), let end = rest.range(of: close, range: start.upperBound..<rest.endIndex) {
            blocks.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    /// A CSP hash source: `'sha256-BASE64'` of the block's UTF-8 bytes.
    static func sourceHash(_ block: Substring) -> String {
        "'sha256-" + Data(SHA256.hash(data: Array(block.utf8))).base64EncodedString() + "'"
    }

    static func headers(type: String, policy: String = contentSecurityPolicy) -> HTTPFields {
        [.contentType: type, .cacheControl: "no-store", HTTPField.Name("Content-Security-Policy")!: policy,
         HTTPField.Name("X-Content-Type-Options")!: "nosniff", HTTPField.Name("Referrer-Policy")!: "no-referrer"]
    }

    static func asset(_ body: String, type: String) -> Response {
        Response(status: .ok, headers: headers(type: type), body: .init(byteBuffer: ByteBuffer(string: body)))
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: headers(type: "text/plain; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }

    /// A POSTed script made into a walkthrough on the thread pool: 400 with the error's words when it fails. The
    /// body is the script itself (`fetch`), or a form's `script` field (`application/x-www-form-urlencoded`: the
    /// page's "Open walkthrough" submits a form into a new tab, so the player is a page of this server with its own
    /// policy, not a `blob:` URL that would inherit the playground's).
    static func export<E: Error>(_ request: Request,
                                 _ make: @escaping @Sendable (String, @escaping @Sendable () -> Bool) -> Result<(ByteBuffer, String, String), E>) async throws -> Response {
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: exportBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return text(.contentTooLarge, "the script is over \(exportBytes) bytes")
        }
        guard let decoded = String(validating: body.readableBytesView, as: UTF8.self) else {
            return text(.badRequest, "the script is not UTF-8 text")
        }
        let script: String
        if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            guard let field = formField("script", of: decoded) else {
                return text(.badRequest, "the form has no script field")
            }
            script = field
        } else {
            script = decoded
        }
        let deadline = ContinuousClock.now + .seconds(exportSeconds)
        switch try await NIOThreadPool.singleton.runIfActive({ make(script) { ContinuousClock.now >= deadline } }) {
        case .success(let (bytes, type, policy)):
            return Response(status: .ok, headers: headers(type: type, policy: policy), body: .init(byteBuffer: bytes))
        case .failure(let error):
            return text(.badRequest, ErrorText.of(error))
        }
    }
}

extension PageRoutes {
    /// The value of field `name` in a form's `application/x-www-form-urlencoded` body (`+` a space, `%XX` a byte),
    /// its line breaks back to `\n` (a form sends every line break as CR LF).
    static func formField(_ name: String, of body: String) -> String? {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == name else { continue }
            let value = parts.count > 1 ? String(parts[1]) : ""
            return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding?
                .replacingOccurrences(of: "\r\n", with: "\n")
        }
        return nil
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
