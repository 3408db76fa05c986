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

    /// Parses `msgN` with N ≥ 1 (existence is checked against the inbox elsewhere).
    public init?(name: Substring) {
        guard name.hasPrefix("msg"), let number = Int(name.dropFirst(3)), number >= 1,
              name.dropFirst(3).allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.number = number
    }
}

/// The icon revealed behind a row.
public enum Icon: String, CaseIterable, Sendable {
    case none, later, list, archive, delete
}
