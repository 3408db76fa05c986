#if canImport(Glibc)
    import Glibc
#endif

/// Where an encoder puts the bytes of a file as it makes them: memory, or an open file descriptor (so that a
/// long walkthrough is written as it is drawn, and its memory stays flat).
public protocol ByteSink: AnyObject {
    func write(_ bytes: UnsafeRawBufferPointer) throws(RasterError)
}

/// The bytes kept in memory.
public final class MemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public init() {}
    public func write(_ bytes: UnsafeRawBufferPointer) throws(RasterError) { self.bytes.append(contentsOf: bytes) }
}

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
