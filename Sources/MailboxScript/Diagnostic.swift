import MailboxAnimation
import MailboxSim
import MailboxText

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
        case error(String)
        /// The error a `!` line expected and got.
        case refusedAsExpected(String)
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

    /// What it says after `FILE:LINE: `: `expected msg1.x == 0, got 60`, `error: no finger is down …`.
    public var message: String {
        switch kind {
        case .failed(let failure): failure.message
        case .error(let message): "error: " + message
        case .refusedAsExpected(let message): "refused as expected: " + message
        case .unreadable(let message): "error: " + message
        }
    }

    /// `FILE:LINE: MESSAGE`; `mailsim: error: …` for a file that could not be read.
    public var text: String {
        if case .unreadable = kind { return "mailsim: " + message }
        return "\(file):\(line): \(message)"
    }
}

/// A check that did not hold.
public enum CheckFailure: Equatable, Sendable {
    /// `expect PATH OP VALUE` and the value the screen had.
    case expectation(Expectation, actual: Value)
    /// `! COMMAND` whose command succeeded (as written after the `!`).
    case unexpectedSuccess(command: String)

    /// `expected msg1.x == 0, got 60` (numbers in full: SPEC §6), `expected 'release' to be refused, …`.
    public var message: String {
        switch self {
        case let .expectation(expectation, actual): "expected \(expectation.text), got \(actual.precise)"
        case .unexpectedSuccess(let command): "expected '\(command)' to be refused, but it succeeded"
        }
    }
}
