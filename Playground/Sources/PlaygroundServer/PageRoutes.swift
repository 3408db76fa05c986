import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import MailboxPlayground
import MailsimVersion
import NIOCore
import NIOPosix
import PlaygroundOptions
import PlaygroundServing

/// The HTTP side: the page and its files, the site's files (`SiteFiles`), the walkthrough exports, and the answers
/// to refused upgrades.
enum PageRoutes {
    /// The page's policy. `'wasm-unsafe-eval'` lets the page compile `mailsim.wasm` (and nothing else: `eval` and
    /// inline scripts stay refused); the service worker (`sw.js`) and the manifest come from this server only.
    static let contentSecurityPolicy =
        """
        default-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self' \
        'wasm-unsafe-eval'; worker-src 'self'; manifest-src 'self'; form-action 'self'; frame-ancestors 'none'
        """

    /// The meta the page reads its version from (playground.html), empty in the file.
    static let versionMeta = "<meta name=\"mailsim-version\" content=\"\">"

    /// The page as served: its version meta filled with this server's version (the program an export's first
    /// comment names); a page without the meta is served as it is.
    static let page = PlaygroundPage.html.replacingOccurrences(
        of: versionMeta, with: "<meta name=\"mailsim-version\" content=\"\(MailsimVersion.number)\">")

    /// Where the page is served: `/index.html` too, the name the site's service worker fetches and keeps it by
    /// (site.json lists it).
    static let pagePaths = ["/", "/index.html"]

    /// Adds the page's routes, the site's, the probes' and the exports' to `router`, with their middleware.
    static func add(to router: Router<PlaygroundContext>, services: PlaygroundServices) {
        let (site, gate, metrics) = (services.site, services.gate, services.metrics)
        router.add(middleware: SecurityHeaders())
        router.add(middleware: HostCheck(services: services))
        // The page: the site's own (make site's index.html, which names its version folder), else the one compiled
        // in. `no-cache` for the site's, so that a browser asks again and finds a new site; the compiled-in page is
        // never stored.
        let pageBody = site.page?.bytes ?? ByteBuffer(string: page)
        let pageCache = site.page?.cacheControl ?? "no-store"
        let html = "text/html; charset=utf-8"
        // The site's files from memory, each with its Cache-Control (SiteManifest.cacheControl): a version folder's
        // are immutable, the worker, the list and the root files no-cache.
        let siteFiles = site.files.filter { $0.path != SiteManifest.page }
        for file in siteFiles {
            let path = RouterPath("/" + file.path)
            router.get(path) { _, _ in asset(file.bytes, type: file.type, cache: file.cacheControl) }
            router.head(path) { _, _ in asset(file.bytes, type: file.type, cache: file.cacheControl, headOnly: true) }
        }
        // Each file the compiled-in page loads (its style sheets and script modules: PlaygroundPage's table), unless
        // the site has a file of that name.
        for file in PlaygroundPage.files where !siteFiles.contains(where: { $0.path == file.name }) {
            let path = RouterPath("/" + file.name)
            router.get(path) { _, _ in asset(file.text, type: file.type) }
            // HEAD: the same head, no body (RFC 9110 §9.3.2).
            router.head(path) { _, _ in asset(file.text, type: file.type, headOnly: true) }
        }
        // The page, unless its socket would be refused: then a page that says the playground is full.
        for path in pagePaths {
            router.get(RouterPath(path)) { _, context in
                if let client = context.client, let refusal = gate.refusal(for: client.key) {
                    metrics.refused(refusal == .full ? .full : .address)
                    return FullPage.answer(refusal, gate: gate)
                }
                return asset(pageBody, type: html, cache: pageCache)
            }
            router.head(RouterPath(path)) { _, _ in asset(pageBody, type: html, cache: pageCache, headOnly: true) }
        }
        HealthRoutes.add(to: router, services: services)
        // An upgrade the WebSocket router refused arrives here: say why.
        router.get("/ws") { request, context in
            let headers = request.headers
            guard let client = context.client,
                services.address.accepts(origin: headers[.origin], client: client, port: services.port())
            else {
                metrics.refused(.origin)
                return text(
                    .forbidden,
                    "the WebSocket's Origin must be this page's own (\(headers[.origin] ?? "none was sent"))")
            }
            guard headers[.upgrade]?.lowercased() == "websocket" else {
                metrics.refused(.badRequest)
                return text(.upgradeRequired, "/ws is the playground's WebSocket")
            }
            metrics.refused(.full)
            return text(.serviceUnavailable, "\(gate.limit) playground sessions are open; close one")
        }
        let exporting = Exporting(services: services)
        router.post("/walkthrough") { request, context in
            try await exporting.answer(request, context) { script, seconds, isCancelled in
                PlaygroundExports.walkthroughHTML(script: script, seconds: seconds, isCancelled: isCancelled).map {
                    html in
                    (ByteBuffer(string: html), "text/html; charset=utf-8", walkthroughPolicy(html))
                }
            }
        }
        router.post("/walkthrough.gif") { request, context in
            try await exporting.answer(request, context) { script, seconds, isCancelled in
                PlaygroundExports.walkthroughGIF(script: script, seconds: seconds, isCancelled: isCancelled).map {
                    bytes in
                    (ByteBuffer(bytes: bytes), "image/gif", contentSecurityPolicy)
                }
            }
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
        while let start = rest.range(of: open), let end = rest.range(of: close, range: start.upperBound..<rest.endIndex)
        {
            blocks.append(rest[start.upperBound..<end.lowerBound])
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    /// A CSP hash source: `'sha256-BASE64'` of the block's UTF-8 bytes.
    static func sourceHash(_ block: Substring) -> String {
        "'sha256-" + Data(SHA256.hash(data: Array(block.utf8))).base64EncodedString() + "'"
    }

    /// `Referrer-Policy: same-origin`: nothing of the page's address leaves it, and the page's own form post (the
    /// player, "Open walkthrough") carries its `Origin`, which exports check (under `no-referrer` a browser sends
    /// `Origin: null` on a form's navigation).
    static func headers(type: String, policy: String = contentSecurityPolicy, cache: String = "no-store") -> HTTPFields
    {
        [
            .contentType: type, .cacheControl: cache, HTTPField.Name("Content-Security-Policy")!: policy,
            HTTPField.Name("X-Content-Type-Options")!: "nosniff", HTTPField.Name("Referrer-Policy")!: "same-origin"
        ]
    }

    static func asset(_ body: String, type: String, headOnly: Bool = false) -> Response {
        asset(ByteBuffer(string: body), type: type, headOnly: headOnly)
    }

    static func asset(_ bytes: ByteBuffer, type: String, cache: String = "no-store", headOnly: Bool = false)
        -> Response
    {
        guard headOnly else {
            return Response(status: .ok, headers: headers(type: type, cache: cache), body: .init(byteBuffer: bytes))
        }
        var fields = headers(type: type, cache: cache)
        fields[.contentLength] = String(bytes.readableBytes)
        return Response(status: .ok, headers: fields, body: .init())
    }

    static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: headers(type: "text/plain; charset=utf-8"),
            body: .init(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}

/// The exports' door: a POSTed script made into a walkthrough on the export lane (`ExportLane`), 400 with the
/// error's words when it fails. Like the WebSocket, it answers only this server's own page: the `Origin` must be
/// the page's (a form another site posts to loopback is refused 403). The body is the script itself (`fetch`), or a
/// form's `script` field (`application/x-www-form-urlencoded`: the page's "Open walkthrough" submits a form into a
/// new tab, so the player is a page of this server with its own policy, not a `blob:` URL that would inherit the
/// playground's).
struct Exporting: Sendable {
    /// The address, the export lane, the stopping and the figures it uses.
    let services: PlaygroundServices

    /// What makes an export: the script, the seconds it may run (which its words name when it is stopped) and
    /// whether to stop; the body, its type and its policy, or the error.
    typealias Maker =
        @Sendable (String, Double, @escaping @Sendable () -> Bool) -> Result<
            (ByteBuffer, String, String), PlaygroundExportError
        >

    func answer(
        _ request: Request, _ context: PlaygroundContext,
        _ make: @escaping Maker
    ) async throws -> Response {
        let (address, port, lane, metrics) = (services.address, services.port, services.exports, services.metrics)
        // HostCheck has read the client before any route runs.
        let client = context.client ?? Client(address: "", peer: "", viaProxy: false, scheme: "http", host: nil)
        guard address.accepts(origin: request.headers[.origin], client: client, port: port()) else {
            metrics.refused(.origin)
            return PageRoutes.text(
                .forbidden,
                "an export is made for this server's own page: the Origin must be "
                    + address.ownOrigins(client).joined(separator: " or ")
                    + " (got \(request.headers[.origin] ?? "none"))"
            )
        }
        func tooBig() -> Response {
            metrics.refused(.tooBig)
            return PageRoutes.text(.contentTooLarge, "the script is over \(PlaygroundLimits.exportBodyBytes) bytes")
        }
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: PlaygroundLimits.exportBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            return tooBig()
        } catch is NIOTooManyBytesError {
            // A body without a Content-Length (chunked) is cut as it comes, with NIO's error.
            return tooBig()
        }
        guard let decoded = String(validating: body.readableBytesView, as: UTF8.self) else {
            metrics.refused(.exportRefused)
            return PageRoutes.text(.badRequest, "the script is not UTF-8 text")
        }
        let script: String
        if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            guard let field = PageRoutes.formField("script", of: decoded) else {
                metrics.refused(.exportRefused)
                return PageRoutes.text(.badRequest, "the form has no script field")
            }
            script = field
        } else {
            script = decoded
        }
        let stopping = services.stopping
        let seconds = lane.seconds
        let made = try await lane.run(for: client.key) {
            // The bound counts from when the export starts running, not while it waits its turn.
            let deadline = ContinuousClock.now + .seconds(seconds)
            return make(script, seconds) { stopping.isStopping || ContinuousClock.now >= deadline }
        }
        switch made {
        case .failure(let refusal):
            metrics.refused(refusal == .address ? .exportAddress : .exportBusy)
            var response =
                refusal == .address
                ? PageRoutes.text(
                    .tooManyRequests,
                    "\(ExportLane.perAddress) walkthroughs from \(client.key) are being made or waiting; "
                        + "try again when one is done")
                : PageRoutes.text(
                    .serviceUnavailable,
                    "the server is making walkthroughs for others and this one waited "
                        + "\(formatSeconds(lane.waitSeconds)) for its turn; try again in a few seconds")
            response.headers[.retryAfter] = "5"
            return response
        case .success(.success(let (bytes, type, policy))):
            metrics.exports.increment()
            return Response(
                status: .ok, headers: PageRoutes.headers(type: type, policy: policy), body: .init(byteBuffer: bytes))
        case .success(.failure(let error)):
            metrics.refused(.exportRefused)
            return PageRoutes.text(.badRequest, error.message)
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

/// Gives every answer the page's headers (nosniff, the policy, no-store), a 404 or 405 of the router's too: its
/// errors are answered here as plain text with their words.
struct SecurityHeaders: RouterMiddleware {
    typealias Context = PlaygroundContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let words =
                error.body
                ?? (error.status == .notFound ? "no such page: \(request.uri.path)" : error.status.reasonPhrase)
            return PageRoutes.text(error.status, words)
        }
    }
}

/// Reads the request's client (`Forwarding`: 400 when a trusted proxy's headers cannot be read) and refuses a
/// request whose `Host` is not this server's address or a public origin's (DNS rebinding; see ServedAddress).
struct HostCheck: RouterMiddleware {
    typealias Context = PlaygroundContext
    /// The address, the forwarding, the figures and the log it uses.
    let services: PlaygroundServices

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let (forwarding, metrics, address) = (services.forwarding, services.metrics, services.address)
        let client: Client
        switch forwarding.client(peer: context.peer, headers: request.headers, authority: request.head.authority) {
        case .failure(let error):
            metrics.refused(.forwarded)
            services.log.refused(.forwarded, error.reason, client: context.peer)
            return PageRoutes.text(.badRequest, error.reason)
        case .success(let read):
            client = read
        }
        guard let host = client.host, address.accepts(hostHeader: host, port: services.port()) else {
            metrics.refused(.host)
            return PageRoutes.text(.forbidden, "the Host must be this server's address (got \(client.host ?? "none"))")
        }
        var context = context
        context.client = client
        return try await next(request, context)
    }
}
