import Glibc

/// An IP address or a CIDR block (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`): what `--trusted-proxy` names.
///
/// An IPv4 address written as IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket reports for an IPv4
/// peer) is read as the IPv4 address, so that `10.0.0.0/8` matches it either way.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    /// The network's bytes (4 or 16), the bits past the prefix zero.
    public let network: [UInt8]
    /// How many leading bits must match.
    public let prefix: Int

    /// Reads `ADDR` or `ADDR/BITS`; nil when it is neither (`parse` says what is wrong).
    public init?(_ text: String) {
        guard case .success(let range) = Self.parse(text) else { return nil }
        self = range
    }

    private init(network: [UInt8], prefix: Int) {
        self.network = network
        self.prefix = prefix
    }

    /// Reads `ADDR` or `ADDR/BITS`, or says what is wrong with it.
    public static func parse(_ text: String) -> Result<AddressRange, AddressRangeError> {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let bytes = IPAddress.bytes(String(parts[0])) else {
            return .failure(AddressRangeError(text: text, reason: "'\(parts[0])' is not an IPv4 or IPv6 address"))
        }
        let bits = bytes.count * 8
        var prefix = bits
        if parts.count == 2 {
            guard let given = Int(parts[1]), (0...bits).contains(given), parts[1].allSatisfy(\.isNumber) else {
                return .failure(
                    AddressRangeError(text: text, reason: "the prefix after / must be a whole number from 0 to \(bits)")
                )
            }
            prefix = given
        }
        return .success(AddressRange(network: masked(bytes, prefix), prefix: prefix))
    }

    /// Whether `address` (an IP address as text, IPv6 with or without brackets) lies in this range.
    public func contains(_ address: String) -> Bool {
        guard let bytes = IPAddress.bytes(address) else { return false }
        return contains(bytes: bytes)
    }

    /// Whether the address `bytes` (4 or 16) lies in this range.
    public func contains(bytes: [UInt8]) -> Bool {
        bytes.count == network.count && Self.masked(bytes, prefix) == network
    }

    public var description: String {
        let text = IPAddress.text(network) ?? "?"
        return prefix == network.count * 8 ? text : "\(text)/\(prefix)"
    }

    private static func masked(_ bytes: [UInt8], _ prefix: Int) -> [UInt8] {
        bytes.enumerated().map { index, byte in
            let keep = min(8, max(0, prefix - index * 8))
            return keep == 8 ? byte : byte & ~(UInt8(0xFF) >> keep)
        }
    }
}

/// Why a `--trusted-proxy` value is not an address or a CIDR block.
public struct AddressRangeError: Error, Sendable {
    public let text: String
    public let reason: String
}

/// IP addresses as bytes and back (inet_pton, inet_ntop): the one reading used for peers, forwarded addresses and
/// ranges, so that two spellings of an address (`::1`, `0:0::1`) are the same client.
public enum IPAddress {
    /// The address's 4 or 16 bytes (IPv4-mapped IPv6 as its 4), or nil. Brackets around IPv6 are allowed.
    public static func bytes(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, text.count <= 64 else { return nil }
        if !text.contains(":") {
            var v4 = in_addr()
            guard inet_pton(AF_INET, String(text), &v4) == 1 else { return nil }
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(text), &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }

    /// The address's usual text (IPv6 without brackets), or nil for a byte count that is not 4 or 16.
    public static func text(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address in its usual text (so that every spelling of one address is one key), or nil.
    public static func canonical(_ text: String) -> String? {
        bytes(text).flatMap(Self.text)
    }

    /// Whether the address is a loopback one (127.0.0.0/8, ::1).
    public static func isLoopback(_ text: String) -> Bool {
        guard let bytes = bytes(text) else { return false }
        return bytes.count == 4 ? bytes[0] == 127 : bytes == [UInt8](repeating: 0, count: 15) + [1]
    }
}
