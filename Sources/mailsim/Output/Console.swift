@preconcurrency import Glibc
import MailboxText

/// Standard output and standard error, with stdout flushed before stderr so the two interleave in order.
///
/// Output that cannot be written is an error, as in coreutils: the first write error on either stream (a full
/// disk, `> /dev/full`, an I/O error) ends the program with status 2 and one line, `error: cannot write standard
/// output: No space left on device`, on standard error (if it still takes it). A closed pipe (EPIPE) stays quiet. The
/// check costs a comparison a line: a buffered line is checked when C flushes it, and what is still buffered
/// at exit when the program ends (an `atexit` handler, installed with the first line).
enum Console {
    /// Writes `line` and a newline through C's buffered `stdout` (as `print` does, without its overhead).
    static func out(_ line: String) {
        write(line, newline: true)
    }

    /// Writes `text` exactly as it is (a file's text, `mailsim export` without -o), no newline added.
    static func write(_ text: String, newline: Bool = false) {
        _ = checkedAtExit
        var text = text
        text.withUTF8 { bytes in
            flockfile(standardOutput)
            var failed = false
            if let base = bytes.baseAddress { failed = fwrite(base, 1, bytes.count, standardOutput) != bytes.count }
            if newline && fputc(0x0A, standardOutput) == EOF { failed = true }
            funlockfile(standardOutput)
            if failed { writeFailed(errno) }
        }
    }

    /// C's `stdout`, which only the main thread writes.
    nonisolated(unsafe) private static let standardOutput = stdout

    static func error(_ line: String) {
        _ = checkedAtExit
        flushOutput()
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return writeFailed(written < 0 ? errno : EIO, onStandardError: true) }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Flushes every C stream (stdout first, so it comes before what stderr says next), ending the program
    /// if stdout cannot take what it holds.
    static func flushOutput() {
        if fflush(standardOutput) != 0 { writeFailed(errno) }
        fflush(nil)
    }

    /// The end of the program for a write error: `error: cannot write standard output: …` and status 2; nothing on
    /// EPIPE (a reader that went away), where the run goes on as it always has.
    private static func writeFailed(_ code: Int32, onStandardError: Bool = false) {
        if code == EPIPE {
            brokenPipe = true
            return
        }
        if !onStandardError {
            let message = Array(
                (errorLine("cannot write standard output: \(String(cString: strerror(code)))") + "\n").utf8)
            _ = message.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        // The buffered rest would fail again at exit: leave now, without C's flush, the terminal as it was.
        Terminal.restore()
        _exit(2)
    }

    nonisolated(unsafe) private static var brokenPipe = false

    /// Checks, from now on, what stdout still holds when the program ends (the first line written does it too;
    /// `main` calls this first so that output mailsim does not write itself, ArgumentParser's help, is checked).
    static func checkWritesAtExit() { _ = checkedAtExit }

    /// Installs, once, the check of what stdout still holds when the program ends.
    private static let checkedAtExit: Void = {
        atexit {
            if fflush(stdout) != 0 || (ferror(stdout) != 0 && !Console.brokenPipe) {
                let code = errno
                Console.writeFailed(code == 0 ? EIO : code)
            }
        }
    }()

    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
