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

/// The bytes kept in memory, refused past `limit` (the coding stops there with the reason).
public final class CappedMemorySink: ByteSink {
    public private(set) var bytes: [UInt8] = []
    public let limit: Int

    public init(limit: Int) { self.limit = limit }

    public func write(_ chunk: UnsafeRawBufferPointer) throws(RasterError) {
        guard bytes.count + chunk.count <= limit else {
            throw RasterError("the GIF would be larger than \(limit >> 20) MiB; record a shorter script")
        }
        bytes.append(contentsOf: chunk)
    }
}
