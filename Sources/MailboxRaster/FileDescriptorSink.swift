import MailboxGIF

#if canImport(Glibc)
    import Glibc
#endif

/// The bytes written to a file descriptor (which it does not close), each as soon as it is given.
public final class FileDescriptorSink: ByteSink {
    public let fd: Int32
    /// Bytes written so far.
    public private(set) var count = 0
    public init(fd: Int32) { self.fd = fd }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(RasterError) {
        var rest = bytes
        while !rest.isEmpty {
            let written = Glibc.write(fd, rest.baseAddress, rest.count)
            if written < 0 {
                if errno == EINTR { continue }
                throw RasterError(String(cString: strerror(errno)), errno: errno)
            }
            if written == 0 { throw RasterError(String(cString: strerror(EIO)), errno: EIO) }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
            count += written
        }
    }
}
