import HTTPTypes
import PlaygroundOptions

/// Who a request comes from and where its page was served: the connection's peer, or, when the peer is a trusted
/// proxy (`--trusted-proxy`), what the proxy's forwarded headers say.
struct Client: Sendable {
    /// The client's address, in its usual text: what the log names.
    let address: String
    /// What the per-address bounds count it under (`ClientKey`: an IPv6 address's /64).
    var key: String = ""
    /// The connection's peer (the proxy, when `viaProxy`).
    let peer: String
    /// Whether the peer is a trusted proxy.
    let viaProxy: Bool
    /// The scheme the page was served at: `http`, unless a trusted proxy says `https`.
    let scheme: String
    /// The `Host` the page was served at: a trusted proxy's `X-Forwarded-Host`, else the request's own.
    let host: String?
}

/// Reads a request's client from its peer and, from a trusted proxy only, its forwarded headers
/// (docs/playground.md, "Behind a proxy").
///
/// The client is the right-most `X-Forwarded-For` address that is not itself a trusted proxy (each proxy appends
/// the address it was connected from, so entries to the left of the first untrusted one may be anything the client
/// wrote). `Forwarded: for=` (RFC 7239) is read the same way when there is no `X-Forwarded-For`. From a peer that is
/// not trusted these headers are ignored entirely: a forged `X-Forwarded-For` changes nothing.
///
/// A trusted proxy's header that cannot be read (an entry that is not an IP address where the client should be, a
/// scheme other than http or https) refuses the request with 400 and words: a proxy configured as documented never
/// sends one, and taking the proxy's own address instead would put every client behind one address and its bound.
struct Forwarding: Sendable {
    let trusted: [AddressRange]
    /// What the per-address bounds count an address under.
    var keys = ClientKey(ipv6Prefix: ClientKey.defaultIPv6Prefix)

    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!
    static let forwarded = HTTPField.Name("Forwarded")!

    func isTrusted(_ address: String) -> Bool {
        guard !trusted.isEmpty, let bytes = IPAddress.bytes(address) else { return false }
        return trusted.contains { $0.contains(bytes: bytes) }
    }

    /// The request's client, its `key` set, or the words of a 400 when a trusted proxy's headers cannot be read.
    func client(peer: String, headers: HTTPFields, authority: String?) -> Result<Client, ForwardingError> {
        read(peer: peer, headers: headers, authority: authority).map { client in
            var client = client
            client.key = keys.key(client.address)
            return client
        }
    }

    private func read(peer: String, headers: HTTPFields, authority: String?) -> Result<Client, ForwardingError> {
        let peerText = IPAddress.canonical(peer) ?? peer
        guard isTrusted(peerText) else {
            return .success(Client(address: peerText, peer: peerText, viaProxy: false, scheme: "http", host: authority))
        }
        var chain: [Substring] = []
        var scheme: Substring?
        var host: Substring?
        let xff = headers[values: Self.forwardedFor]
        if !xff.isEmpty {
            // Empty entries are kept: `X-Forwarded-For: ,` names no client, and must not leave the proxy as one.
            chain = xff.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(trimmed)
            scheme = headers[values: Self.forwardedProto].first?.split(separator: ",").first.map(trimmed)
            host = headers[values: Self.forwardedHost].first?.split(separator: ",").first.map(trimmed)
        } else if !headers[values: Self.forwarded].isEmpty {
            let elements = headers[values: Self.forwarded].flatMap {
                $0.split(separator: ",", omittingEmptySubsequences: false)
            }
            for element in elements {
                for pair in element.split(separator: ";") {
                    let parts = pair.split(separator: "=", maxSplits: 1).map(trimmed)
                    guard parts.count == 2 else { continue }
                    let value = unquoted(parts[1])
                    switch parts[0].lowercased() {
                    case "for": chain.append(value)
                    case "proto" where scheme == nil: scheme = value
                    case "host" where host == nil: host = value
                    default: break
                    }
                }
            }
        }
        guard !chain.isEmpty || (xff.isEmpty && headers[values: Self.forwarded].isEmpty) else {
            return .failure(ForwardingError(reason: "the proxy's Forwarded header names no client (no for=)"))
        }
        var address = peerText
        for entry in chain.reversed() {
            guard let host = Self.withoutPort(entry) else {
                return .failure(
                    ForwardingError(
                        reason: "the proxy's forwarded client '\(entry.prefix(64))' has a port that is not 1 to 65535"))
            }
            guard let bytes = IPAddress.bytes(host), let text = IPAddress.text(bytes) else {
                return .failure(
                    ForwardingError(
                        reason: "the proxy's forwarded client '\(entry.prefix(64))' is not an IP address"))
            }
            address = text
            if !trusted.contains(where: { $0.contains(bytes: bytes) }) { break }
        }
        let schemeText = scheme.map { $0.lowercased() } ?? "http"
        guard schemeText == "http" || schemeText == "https" else {
            return .failure(
                ForwardingError(
                    reason: "the proxy's forwarded scheme must be http or https (got '\(schemeText.prefix(16))')"))
        }
        if let host, host.isEmpty || host.contains(where: { $0 == " " || $0 == "/" || $0 == "@" }) {
            return .failure(ForwardingError(reason: "the proxy's forwarded host '\(host.prefix(64))' is not a host"))
        }
        return .success(
            Client(
                address: address, peer: peerText, viaProxy: true, scheme: schemeText,
                host: host.map(String.init) ?? authority))
    }

    /// `1.2.3.4:5678` → `1.2.3.4`, `[::1]:80` → `::1`, `[::1]` → `::1`; anything else as it is (the address check
    /// then reads it). Nil when the entry has a port that is not a whole number from 1 to 65535 (`1.2.3.4:99999`,
    /// `1.2.3.4:`, `[::1]:x`), or something after an IPv6 address's `]` that is not a port.
    static func withoutPort(_ entry: Substring) -> String? {
        if entry.hasPrefix("["), let close = entry.firstIndex(of: "]") {
            let rest = entry[entry.index(after: close)...]
            guard rest.isEmpty || (rest.first == ":" && isPort(rest.dropFirst())) else { return nil }
            return String(entry[entry.index(after: entry.startIndex)..<close])
        }
        if entry.filter({ $0 == ":" }).count == 1, let colon = entry.firstIndex(of: ":") {
            guard isPort(entry[entry.index(after: colon)...]) else { return nil }
            return String(entry[..<colon])
        }
        return String(entry)
    }

    /// Whether `text` is a TCP port: 1 to 5 decimal digits, from 1 to 65535.
    static func isPort(_ text: Substring) -> Bool {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = Int(text) else {
            return false
        }
        return (1...65535).contains(port)
    }

    private func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    private func unquoted(_ text: Substring) -> Substring {
        text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? text.dropFirst().dropLast() : text
    }
}

/// Why a trusted proxy's forwarded headers could not be read (answered 400 with `reason`).
struct ForwardingError: Error, Sendable {
    let reason: String
}
