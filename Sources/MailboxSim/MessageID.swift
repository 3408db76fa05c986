/// A message's identity: `msgN`, numbered from 1 top to bottom in the first inbox.
public struct MessageID: Hashable, Comparable, Sendable {
    public let number: Int
    public init(_ number: Int) { self.number = number }
    public var index: Int { number - 1 }
    public var name: String { "msg" + String(number) }
    public static func < (a: MessageID, b: MessageID) -> Bool { a.number < b.number }

    /// Parses `msgN` with N ≥ 1 written without leading zeros (existence is checked against the inbox elsewhere).
    public init?(name: Substring) {
        self.init(ascii: name.utf8)
    }

    /// Reads `msg` and ASCII digits without a leading zero that fit an Int, byte by byte (a hot path). Any
    /// other byte, a non-ASCII one included, makes it no message name, as it would character by character.
    @inlinable package init?(ascii bytes: some Sequence<UInt8>) {
        var iterator = bytes.makeIterator()
        guard iterator.next() == UInt8(ascii: "m"), iterator.next() == UInt8(ascii: "s"),
            iterator.next() == UInt8(ascii: "g")
        else { return nil }
        var number = 0
        var length = 3
        while let byte = iterator.next() {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            if length == 3 && byte == UInt8(ascii: "0") { return nil }
            let (scaled, overflow) = number.multipliedReportingOverflow(by: 10)
            let (sum, carry) = scaled.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
            guard !overflow && !carry else { return nil }
            number = sum
            length += 1
        }
        guard length > 3, number >= 1 else { return nil }
        self.number = number
    }
}
