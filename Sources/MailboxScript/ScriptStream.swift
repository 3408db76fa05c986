import MailboxAnimation
import MailboxSim
import MailboxText

/// A script run fed its bytes in pieces, as a file is read: each line runs as soon as it is complete, so a
/// long script is never held whole. `ScriptRunner.run` is this with the whole text as one piece.
///
/// Lines end at LF; a trailing CR is dropped (CRLF files read the same as LF ones), and so is a byte-order
/// mark at the start of the first line. A failed `expect` is reported and the script goes on; an error is
/// reported and stops it; `quit` stops it as the end of input does.
public struct ScriptStream {
    public private(set) var report: ScriptReport
    /// True once an error or `quit` has stopped the script: the rest is not run.
    public private(set) var stopped = false
    private var lineNumber = 0
    /// The start of a line whose end is in a later piece.
    private var partial: [UInt8] = []

    public init(file: String) {
        report = ScriptReport(file: file)
    }

    /// Runs every line that `bytes` completes; false once the script has stopped.
    @discardableResult
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>, session: inout Session,
                              emit: (ScriptOutput) -> Void) -> Bool {
        var start = bytes.startIndex
        while !stopped, let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            if partial.count + (newline - start) > Limits.maxLineBytes { return tooLong(emit) }
            if partial.isEmpty {
                runLine(UnsafeBufferPointer(rebasing: bytes[start..<newline]), session: &session, emit: emit)
            } else {
                partial.append(contentsOf: bytes[start..<newline])
                let line = partial
                partial.removeAll(keepingCapacity: true)
                line.withUnsafeBufferPointer { runLine($0, session: &session, emit: emit) }
            }
            start = newline + 1
        }
        if !stopped && start < bytes.endIndex {
            if partial.count + (bytes.endIndex - start) > Limits.maxLineBytes { return tooLong(emit) }
            partial.append(contentsOf: bytes[start...])
        }
        return !stopped
    }

    /// Stops at a line longer than `Limits.maxLineBytes`, before holding any more of it.
    private mutating func tooLong(_ emit: (ScriptOutput) -> Void) -> Bool {
        lineNumber += 1
        partial = []
        stop("line longer than \(Limits.maxLineBytes >> 20) MiB", emit)
        return false
    }

    /// Runs the last line if it had no LF, checks that no finger is left down, and returns the report.
    public mutating func finish(session: inout Session, emit: (ScriptOutput) -> Void) -> ScriptReport {
        if !stopped && !partial.isEmpty {
            let line = partial
            partial = []
            line.withUnsafeBufferPointer { runLine($0, session: &session, emit: emit) }
        }
        // `quit` ends the script like the end of input: a finger still down is the same error.
        if report.error == nil, let gesture = session.screen.gesture {
            stop("the script ended with a finger still down on \(gesture.target.name) (end it with release)", emit)
        }
        return report
    }

    /// A diagnostic about the line running now.
    private func diagnostic(_ kind: Diagnostic.Kind) -> Diagnostic {
        Diagnostic(file: report.file, line: lineNumber, kind: kind)
    }

    private mutating func runLine(_ raw: UnsafeBufferPointer<UInt8>, session: inout Session,
                                  emit: (ScriptOutput) -> Void) {
        lineNumber += 1
        var bytes = raw[...]
        if bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
        // A byte-order mark at the start of a file (as some Windows editors write) is not part of the text.
        if lineNumber == 1, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = Self.text(UnsafeBufferPointer(rebasing: bytes)) else {
            stop("invalid UTF-8 at byte \(Self.validPrefixLength(bytes) + 1)", emit)
            return
        }
        let outcome: Session.Outcome
        do {
            outcome = try session.execute(line: text[...])
        } catch {
            stop(error.message, emit)
            return
        }
        for entry in outcome.trace { emit(.trace(entry)) }
        // Only a check (`expect`, `!`) is excused or fails: other lines skip looking.
        if outcome.isCheck, let excused = outcome.excused {
            emit(.diagnostic(diagnostic(.refusedAsExpected(excused))))
        }
        if let report = outcome.report { emit(.report(report)) }
        if outcome.isCheck {
            report.checks += 1
            if let failure = outcome.failure {
                let failed = diagnostic(.failed(failure))
                report.failures.append(failed)
                emit(.diagnostic(failed))
            }
        }
        if outcome.quit { stopped = true }
    }

    /// Stops the script with an error at the line running now.
    private mutating func stop(_ message: String, _ emit: (ScriptOutput) -> Void) {
        let error = diagnostic(.error(message))
        report.error = error
        stopped = true
        emit(.diagnostic(error))
    }

    /// The line as a string, or nil when it is not valid UTF-8 (an ASCII line, the common case, needs no
    /// validation).
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }

    /// How many bytes decode as UTF-8 before the first invalid sequence.
    private static func validPrefixLength(_ bytes: some Collection<UInt8>) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { consumed += UTF8.width(scalar) }
        return consumed
    }
}
