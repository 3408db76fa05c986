import Hummingbird
import NIOCore

/// The router's request context: Hummingbird's basic one, with the connection's peer address and, once `HostCheck`
/// has read it, the request's client (`Forwarding`).
public struct PlaygroundContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection's peer address ("an unknown address" when the socket has none).
    let peer: String
    /// The request's client, set by `HostCheck` before any route runs.
    var client: Client?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress?.ipAddress ?? "an unknown address"
    }
}
