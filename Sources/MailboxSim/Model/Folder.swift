/// Where a message lives.
public enum Folder: String, CaseIterable, Sendable {
    case inbox, later, list, archive, trash
}

/// A message's identity: `msgN`, numbered from 1 top to bottom in the first inbox.
public struct MessageID: Hashable, Comparable, Sendable {
    public let number: Int
    public init(_ number: Int) { self.number = number }
    public var index: Int { number - 1 }
    public var name: String { "msg\(number)" }
    public static func < (a: MessageID, b: MessageID) -> Bool { a.number < b.number }

    /// Parses `msgN` with N ≥ 1 written without leading zeros (existence is checked against the inbox elsewhere).
    public init?(name: Substring) {
        let digits = name.dropFirst(3)
        guard name.hasPrefix("msg"), digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let number = Int(digits), number >= 1 else { return nil }
        self.number = number
    }
}

/// The icon revealed behind a row.
public enum Icon: String, CaseIterable, Sendable {
    case none, later, list, archive, delete
}
