/// Why a picture could not be made: a library missing, a drawing the library refused.
public struct RasterError: Error, Equatable, Sendable {
    public let message: String
    /// The system's error number when writing the file failed (`errno`), so the caller can say it its way.
    public let errno: Int32?
    public init(_ message: String, errno: Int32? = nil) {
        self.message = message
        self.errno = errno
    }
}
