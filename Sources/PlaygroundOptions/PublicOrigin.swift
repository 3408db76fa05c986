/// An origin the playground is also served at (`--public-origin https://playground.example.org`): a scheme
/// (http or https), a host and an optional port, nothing else.
///
/// It is kept as a browser writes it: lower case, the scheme's default port left out (`https://x:443` is
/// `https://x`), so that it compares equal to the `Origin` header a browser sends and to the `Host` it sends.
public struct PublicOrigin: Sendable, Hashable, CustomStringConvertible {
    public let scheme: String
    /// The host as a URL writes it (an IPv6 address in brackets), lower case.
    public let host: String
    /// The port, nil when it is the scheme's default.
    public let port: Int?

    /// The origin as a browser's `Origin` header writes it: `scheme://host[:port]`.
    public var description: String { "\(scheme)://\(hostHeader)" }

    /// The `Host` header a browser sends for a page at this origin: the host, with the port when not the default.
    public var hostHeader: String { port.map { "\(host):\($0)" } ?? host }

    /// Reads `scheme://host[:port]` (a lone `/` after it is allowed), or says what is wrong with it.
    public static func parse(_ text: String) -> Result<PublicOrigin, PublicOriginError> {
        func wrong(_ reason: String) -> Result<PublicOrigin, PublicOriginError> {
            .failure(PublicOriginError(text: text, reason: reason))
        }
        let lowered = text.lowercased()
        let defaults = ["http": 80, "https": 443]
        let halves = lowered.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2 else {
            return wrong("it must start with http:// or https://")
        }
        let scheme = String(halves[0])
        guard let defaultPort = defaults[scheme] else {
            return wrong("the scheme must be http or https (got '\(scheme)')")
        }
        var rest = halves[1]
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if let bad = rest.firstIndex(where: { "/?#".contains($0) }) {
            return wrong("an origin has no path, query or fragment (remove '\(text[bad...])')")
        }
        guard !rest.contains("@") else { return wrong("an origin has no user name or password") }
        var host = rest
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return wrong("an IPv6 address needs its closing ]") }
            host = rest[...close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return wrong("only :PORT may follow the host") }
                portText = after.dropFirst()
            }
            guard IPAddress.bytes(String(host)) != nil else { return wrong("'\(host)' is not an IPv6 address") }
        } else if let colon = rest.lastIndex(of: ":") {
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        guard !host.isEmpty else { return wrong("it names no host") }
        if !host.hasPrefix("[") {
            let allowed = host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard allowed, !host.hasPrefix("."), !host.hasPrefix("-") else {
                return wrong("'\(host)' is not a host name (letters, digits, '-' and '.')")
            }
        }
        var port: Int?
        if let portText {
            guard let number = Int(portText), portText.allSatisfy(\.isNumber), (1...65535).contains(number) else {
                return wrong("the port must be a number from 1 to 65535 (got '\(portText)')")
            }
            port = number == defaultPort ? nil : number
        }
        return .success(PublicOrigin(scheme: scheme, host: String(host), port: port))
    }
}

/// Why a `--public-origin` value is not an origin.
public struct PublicOriginError: Error, Sendable {
    public let text: String
    public let reason: String
}
