import MailboxFootage

/// Reads a walkthrough (an animated GIF, or an MP4, MOV or WebM video) frame by frame, streaming: each composed
/// frame is handed to the caller as it is decoded, and at most two whole frames are held at once.
public enum FootageReader {
    /// Reads the file at `path`: its format told by its first bytes, its size, its pictures' and its frames'
    /// bounds checked against `limits` before anything is allocated for them. Calls `each` with every frame in
    /// order (a frame not kept costs no copy), and returns what the whole walkthrough was. An error from `each`
    /// stops the reading and is thrown as it is.
    public static func read(
        path: String, limits: FootageLimits = .standard, each: (FootageFrame) throws(FootageError) -> Void
    ) throws(FootageError) -> FootageSummary {
        try read(FootageSource(path: path), limits: limits, each: each)
    }

    /// Reads a walkthrough held in memory, as `read(path:limits:each:)` reads a file.
    public static func read(
        bytes: [UInt8], limits: FootageLimits = .standard, each: (FootageFrame) throws(FootageError) -> Void
    ) throws(FootageError) -> FootageSummary {
        try read(FootageSource(bytes: bytes), limits: limits, each: each)
    }

    /// The format of the file at `path`, by its first bytes (nothing decoded, no library loaded).
    public static func format(path: String) throws(FootageError) -> FootageFormat {
        try FootageFormat.sniff(FootageSource(path: path).head(FootageFormat.sniffLength)).get()
    }

    private static func read(
        _ source: FootageSource, limits: FootageLimits, each: (FootageFrame) throws(FootageError) -> Void
    ) throws(FootageError) -> FootageSummary {
        if let problem = limits.fileProblem(bytes: source.size) { throw problem }
        let format = try FootageFormat.sniff(source.head(FootageFormat.sniffLength)).get()
        switch format {
        case .gif: return try GIFDecoder.read(source, limits: limits, each: each)
        case .mp4, .mov, .webm: return try VideoDecoder.read(source, format: format, limits: limits, each: each)
        }
    }
}
