import MailboxFootage

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes a walkthrough is read from: an open file, or bytes in memory (tests, the fuzzer). The C readers pull
/// from it through callbacks, so it is a class they hold by an unretained pointer.
final class FootageSource {
    private let fd: Int32
    private let memory: [UInt8]
    /// The file's size in bytes, and where the next read starts.
    let size: Int64
    private(set) var position: Int64 = 0
    /// The errno of a failed read, if one failed.
    private(set) var failure: Int32 = 0

    /// The file at `path`, opened for reading (closed when the source goes).
    init(path: String) throws(FootageError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FootageError(String(cString: strerror(errno))) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FootageError(String(cString: strerror(code)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw FootageError("not a regular file")
        }
        self.fd = fd
        memory = []
        size = Int64(info.st_size)
    }

    /// `bytes` as the file.
    init(bytes: [UInt8]) {
        fd = -1
        memory = bytes
        size = Int64(bytes.count)
    }

    deinit { if fd >= 0 { close(fd) } }

    /// True when the last read stopped at the end of the file (not at an error).
    var atEnd: Bool { failure == 0 && position >= size }

    /// Reads up to `count` bytes into `buffer`: how many were read (fewer only at the end), or -1 on an error.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        guard count > 0 else { return 0 }
        if fd < 0 {
            let n = Int(min(Int64(count), max(0, size - position)))
            memory.withUnsafeBytes { bytes in
                if n > 0 { buffer.copyMemory(from: bytes.baseAddress! + Int(position), byteCount: n) }
            }
            position += Int64(n)
            return n
        }
        var done = 0
        while done < count {
            let n = Glibc.read(fd, buffer + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                return -1
            }
            if n == 0 { break }
            done += n
        }
        position += Int64(done)
        return done
    }

    /// Moves the next read to `offset` bytes from the start: the new position, or -1 when it is outside the file.
    func seek(to offset: Int64) -> Int64 {
        guard offset >= 0 && offset <= size else { return -1 }
        if fd >= 0 && lseek(fd, off_t(offset), SEEK_SET) < 0 { return -1 }
        position = offset
        return offset
    }

    /// The first `count` bytes (fewer in a shorter file), read from the start; the next read starts after them.
    func head(_ count: Int) -> [UInt8] {
        _ = seek(to: 0)
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { read(into: $0.baseAddress!, count: count) }
        return Array(bytes.prefix(max(0, n)))
    }

    /// Why reading stopped early, in words: the end of the file, or the system's error.
    var shortfall: String {
        failure != 0 ? String(cString: strerror(failure)) : "the file ends too soon (is it truncated?)"
    }
}
