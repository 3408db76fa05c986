/// Why a walkthrough could not be read, in words a person can act on (the file's name is added by the caller).
public struct FootageError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}
