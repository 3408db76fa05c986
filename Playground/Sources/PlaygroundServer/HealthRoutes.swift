import Hummingbird
import NIOCore
import PlaygroundOptions

/// `GET /healthz` and `GET /metrics`: what a balancer and a scraper ask (docs/playground.md, "Behind a proxy").
///
/// Both pass the Host check as every request does (a probe names the server: kubelet and nginx send the address
/// they connect to, an IP literal with the port, which a server bound to 0.0.0.0 accepts); neither checks an
/// Origin (a GET that changes nothing). `/healthz` answers anyone: it says only whether sessions are taken.
/// `/metrics` answers only a client on this machine (loopback) or a trusted proxy asking for itself (its request
/// carries no forwarded client): a page relayed by the proxy from anyone else is refused 403, so that the public
/// address does not show the figures even if the proxy forgot to deny the path.
///
/// The common answers are written before the router, paced per client (`ProbeAnswers`); these routes answer the
/// rest (the refusals, a probe pipelined behind another request), with the same cached exposition.
enum HealthRoutes {
    /// Adds `GET /healthz` and `GET /metrics` to `router`.
    static func add(to router: Router<PlaygroundContext>, services: PlaygroundServices) {
        let (stopping, forwarding, metrics, probes) =
            (services.stopping, services.forwarding, services.metrics, services.probes)
        router.get("/healthz") { _, _ in
            stopping.isStopping ? PageRoutes.text(.serviceUnavailable, "stopping") : PageRoutes.text(.ok, "ok")
        }
        router.get("/metrics") { _, context in
            guard let client = context.client,
                IPAddress.isLoopback(client.address) || forwarding.isTrusted(client.address)
            else {
                metrics.refused(.metrics)
                return PageRoutes.text(
                    .forbidden,
                    """
                    the metrics are served to this machine and to the trusted proxies only (got a request from \
                    \(context.client?.address ?? context.peer))
                    """
                )
            }
            var headers = PageRoutes.headers(type: "text/plain; version=0.0.4; charset=utf-8")
            headers[.cacheControl] = "no-store"
            return Response(
                status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: probes.exposition())))
        }
    }
}
