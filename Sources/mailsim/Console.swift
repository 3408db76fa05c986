@preconcurrency import Glibc

/// Standard output and standard error, with stdout flushed before stderr so the two interleave in order.
enum Console {
    /// Writes `line` and a newline through C's buffered `stdout` (as `print` does, without its overhead).
    static func out(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            flockfile(standardOutput)
            if let base = bytes.baseAddress { fwrite(base, 1, bytes.count, standardOutput) }
            fputc(0x0A, standardOutput)
            funlockfile(standardOutput)
        }
    }

    /// C's `stdout`, which only the main thread writes.
    nonisolated(unsafe) private static let standardOutput = stdout

    static func error(_ line: String) {
        fflush(nil)
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
