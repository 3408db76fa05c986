/// What a script run reports about one of its lines, as data: a check that failed, an error that stopped the
/// script, or the refusal a `!` line expected. Its text (`text`) is a rendering of it, never read back.
public struct Diagnostic: Equatable, Sendable {
    public let file: String
    /// The line, from 1; 0 for a file that could not be read at all.
    public let line: Int
    public let kind: Kind

    public init(file: String, line: Int, kind: Kind) {
        self.file = file
        self.line = line
        self.kind = kind
    }

    /// What happened at the line.
    public enum Kind: Equatable, Sendable {
        /// A check that did not hold: an `expect`, or a `!` whose command succeeded.
        case failed(CheckFailure)
        /// An error that stopped the script (an unknown command, a bad argument, a refused command).
        case error(ScriptError)
        /// The error a `!` line expected and got.
        case refusedAsExpected(ScriptError)
        /// The script could not be read (a missing file, a folder).
        case unreadable(String)
    }

    /// True for what stops a script (exit status 2): an error, or a file that could not be read.
    public var isError: Bool {
        switch kind {
        case .error, .unreadable: true
        case .failed, .refusedAsExpected: false
        }
    }
}

/// A check that did not hold.
public enum CheckFailure: Equatable, Sendable {
    /// `expect PATH OP VALUE` and the value the screen had.
    case expectation(Expectation, actual: Value)
    /// `! COMMAND` whose command succeeded (as written after the `!`).
    case unexpectedSuccess(command: String)
}
