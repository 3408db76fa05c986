/// What running a script prints, in order: standard output lines, traced timeline entries, and diagnostics.
public enum ScriptOutput: Sendable {
    /// A line for standard output.
    case line(String)
    /// A timeline entry a command added (printed by front ends that trace).
    case trace(TimelineEntry)
    /// The error a `!` line expected and got (printed by front ends that trace).
    case excused(String)
    /// `FILE:LINE: expected …, got …` or `FILE:LINE: error: …`, for standard error.
    case diagnostic(String)
}

/// The result of one script: how many checks ran, which failed, and the error that stopped it, if any.
public struct ScriptReport: Sendable {
    public let file: String
    public internal(set) var checks = 0
    public internal(set) var failures: [String] = []
    public internal(set) var error: String?

    public init(file: String) { self.file = file }

    /// Records that the script could not be read at all (an error: exit status 2).
    public mutating func markUnreadable(_ message: String) { error = message }

    /// `run`'s exit status: 0 all held, 1 an expectation failed, 2 an error.
    public var exitCode: Int32 { error != nil ? 2 : failures.isEmpty ? 0 : 1 }
    public var passed: Bool { exitCode == 0 }
    /// The first thing that went wrong, for `mailsim test`'s one line.
    public var firstProblem: String? { failures.first ?? error }
}

/// Runs script text through a session: one command a line; a failed `expect` is reported and the script
/// goes on; an error is reported and stops it.
public enum ScriptRunner {
    public static func run(_ source: some Collection<UInt8>, file: String, session: inout Session,
                           emit: (ScriptOutput) -> Void = { _ in }) -> ScriptReport {
        var report = ScriptReport(file: file)
        var lineNumber = 0
        for var raw in lines(of: source) {
            lineNumber += 1
            // A byte-order mark at the start of a file (as some Windows editors write) is not part of the text.
            if lineNumber == 1, raw.starts(with: [0xEF, 0xBB, 0xBF]) { raw = raw.dropFirst(3) }
            let where_ = "\(file):\(lineNumber)"
            guard let text = String(validating: raw, as: UTF8.self) else {
                let column = validPrefixLength(raw) + 1
                report.error = "\(where_): error: invalid UTF-8 at byte \(column)"
                emit(.diagnostic(report.error!))
                return report
            }
            let outcome: Session.Outcome
            do {
                outcome = try session.execute(line: text[...])
            } catch {
                report.error = "\(where_): error: \(error.message)"
                emit(.diagnostic(report.error!))
                return report
            }
            for entry in outcome.trace { emit(.trace(entry)) }
            if let excused = outcome.excused { emit(.excused("\(where_): refused as expected: \(excused)")) }
            for line in outcome.output { emit(.line(line)) }
            if outcome.isCheck { report.checks += 1 }
            if let failure = outcome.failure {
                let message = "\(where_): \(failure)"
                report.failures.append(message)
                emit(.diagnostic(message))
            }
            // `quit` ends the script like the end of input: a finger still down is the same error.
            if outcome.quit { break }
        }
        if let gesture = session.screen.gesture {
            report.error = "\(file):\(lineNumber): error: the script ended with a finger still down on \(gesture.target.name) (end it with release)"
            emit(.diagnostic(report.error!))
        }
        return report
    }

    /// Lines split at LF, a trailing CR dropped (CRLF files read the same as LF ones).
    static func lines(of source: some Collection<UInt8>) -> [ArraySlice<UInt8>] {
        let bytes = Array(source)
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            result.append(trimCR(bytes[start..<i]))
            start = i + 1
        }
        if start < bytes.count { result.append(trimCR(bytes[start...])) }
        return result
    }

    private static func trimCR(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == UInt8(ascii: "\r") ? line.dropLast() : line
    }

    /// How many bytes decode as UTF-8 before the first invalid sequence.
    private static func validPrefixLength(_ bytes: ArraySlice<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { consumed += UTF8.width(scalar) }
        return consumed
    }
}
