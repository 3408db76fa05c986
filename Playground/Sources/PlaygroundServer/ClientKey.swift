import PlaygroundOptions

/// What the per-address bounds count a client address under: an IPv4 address is itself; an IPv6
/// address is its network of `ipv6Prefix` bits (`--ipv6-prefix`, 64 by default), written `2001:db8:1:2::/64`,
/// because one subscriber is given a whole /64 (RFC 6177) and may take a new address in it for every connection.
struct ClientKey: Sendable {
    /// The bits of an IPv6 address that name one client (16 to 128; 128 counts each address alone).
    let ipv6Prefix: Int

    /// `--ipv6-prefix` when not given: the /64 a subscriber's network is.
    static let defaultIPv6Prefix = PlaygroundOptions.defaultIPv6Prefix

    /// The key of `address` (an IP address in its usual text; anything else is its own key).
    func key(_ address: String) -> String {
        guard ipv6Prefix < 128, let bytes = IPAddress.bytes(address), bytes.count == 16 else { return address }
        let masked = bytes.enumerated().map { index, byte in
            let keep = min(8, max(0, ipv6Prefix - index * 8))
            return keep == 8 ? byte : byte & ~(UInt8(0xFF) >> keep)
        }
        return (IPAddress.text(masked) ?? address) + "/\(ipv6Prefix)"
    }
}
