import MailboxScript
import MailboxText

extension Diagnostic {
    /// What it says after `FILE:LINE: `: `expected msg1.x == 0, got 60`, `error: no finger is down …`.
    public var message: String {
        switch kind {
        case .failed(let failure): failure.message
        case .error(let error): errorPrefix + error.message
        case .refusedAsExpected(let error): "refused as expected: " + error.message
        case .unreadable(let message): errorPrefix + message
        }
    }

    /// `FILE:LINE: MESSAGE`; `error: …` alone for a file that could not be read (an error of the program's).
    public var text: String {
        if case .unreadable = kind { return message }
        return "\(file):\(line): \(message)"
    }
}

extension CheckFailure {
    /// `expected msg1.x == 0, got 60` (numbers in full: SPEC §6), `expected 'release' to be refused, …`.
    public var message: String {
        switch self {
        case let .expectation(expectation, actual):
            "expected \(shortened(expectation.text)), got \(shortened(actual.precise))"
        case .unexpectedSuccess(let command): "expected '\(command)' to be refused, but it succeeded"
        }
    }
}
