import PlaygroundOptions

/// The address the server listens on, and which `Host` and `Origin` values name it.
///
/// A page served by this server connects to its own origin; another site's page (Origin `http://evil.example`) is
/// refused. DNS rebinding makes a hostile name resolve to 127.0.0.1, so that the hostile page's origin is its own:
/// its requests then carry `Host: evil.example:PORT`, which is refused. Accepted hosts are the bound address,
/// `localhost`, `127.0.0.1` and `[::1]` (with the port served), and when bound to every interface (0.0.0.0, ::)
/// any IP address literal; never a name other than localhost. A `--public-origin` adds its own host (as a browser
/// writes it in `Host`) and its origin (docs/playground.md, "Behind a proxy").
struct ServedAddress: Sendable {
    let host: String
    /// The origins the page is also served at (`--public-origin`), as a browser writes them.
    var publicOrigins: [PublicOrigin] = []

    var isWildcard: Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    var isLoopback: Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The host as it is written in a URL (an IPv6 address in brackets).
    var urlHost: String { host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host }

    /// The address to print: a wildcard prints the loopback one.
    var printedHost: String { isWildcard ? "127.0.0.1" : urlHost }

    /// Whether a `Host` header names this server listening on `port`.
    func accepts(hostHeader: String, port: Int) -> Bool {
        servedAt(hostHeader: hostHeader, port: port) || isPublic(hostHeader: hostHeader)
    }

    /// Whether a `Host` header is a public origin's, as a browser writes it.
    func isPublic(hostHeader: String) -> Bool {
        !publicOrigins.isEmpty && publicOrigins.contains { $0.hostHeader == hostHeader.lowercased() }
    }

    /// Whether a `Host` header names the address this server listens on.
    func servedAt(hostHeader: String, port: Int) -> Bool {
        let suffix = ":\(port)"
        guard hostHeader.hasSuffix(suffix) else { return false }
        let name = hostHeader.dropLast(suffix.count).lowercased()
        if name == urlHost.lowercased() || name == "localhost" || name == "127.0.0.1" || name == "[::1]" { return true }
        return isWildcard && (Self.isIPv4(name) || Self.isBracketedIPv6(name))
    }

    /// Whether an upgrade's or an export's `Origin` is the page's own: one of the public origins, or the scheme
    /// the page was served at (`http`, or a trusted proxy's `X-Forwarded-Proto`) and the (accepted) Host, exactly.
    func accepts(origin: String?, client: Client, port: Int) -> Bool {
        guard let origin, let hostHeader = client.host, accepts(hostHeader: hostHeader, port: port) else {
            return false
        }
        if publicOrigins.contains(where: { $0.description == origin }) { return true }
        return servedAt(hostHeader: hostHeader, port: port) && origin == client.scheme + "://" + hostHeader
    }

    /// The origins a page of `client`'s may have, for the words of a refusal.
    func ownOrigins(_ client: Client) -> [String] {
        let own = client.host.map { "\(client.scheme)://\($0)" } ?? "this server's own"
        return [own] + publicOrigins.map(\.description).filter { $0 != own }
    }

    static func isIPv4(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                    && Int(part)! <= 255
            }
    }

    static func isBracketedIPv6(_ text: some StringProtocol) -> Bool {
        guard text.hasPrefix("["), text.hasSuffix("]"), text.count > 2 else { return false }
        return text.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}
