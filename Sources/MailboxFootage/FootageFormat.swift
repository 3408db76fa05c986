/// The kinds of file a walkthrough is read from, told by the file's first bytes (never by its name).
public enum FootageFormat: String, Sendable, Equatable, CaseIterable {
    /// An animated (or still) GIF, GIF87a or GIF89a.
    case gif
    /// An ISO base media file: MP4 (`ftyp` with any brand but QuickTime's).
    case mp4
    /// A QuickTime movie: `ftyp` with the `qt  ` brand, or an older file that starts with a `moov`, `mdat`, `wide`,
    /// `free` or `skip` box.
    case mov
    /// WebM or Matroska (an EBML header).
    case webm

    /// How the format is named in words.
    public var name: String {
        switch self {
        case .gif: "GIF"
        case .mp4: "MP4"
        case .mov: "QuickTime (MOV)"
        case .webm: "WebM"
        }
    }

    /// How many of a file's first bytes `sniff` looks at.
    public static let sniffLength = 16

    /// What grade reads, in words, for the refusals.
    public static let readable = "grade reads animated GIFs (GIF87a, GIF89a) and MP4, MOV and WebM videos"

    /// The format of a file that starts with `head` (its first `sniffLength` bytes, or all of a shorter file), or
    /// the words saying what the file is instead and what grade reads.
    public static func sniff(_ head: [UInt8]) -> Result<FootageFormat, FootageError> {
        if head.isEmpty { return .failure(FootageError("the file is empty; \(readable)")) }
        if starts(head, "GIF87a") || starts(head, "GIF89a") { return .success(.gif) }
        if starts(head, [0x1A, 0x45, 0xDF, 0xA3]) { return .success(.webm) }
        if head.count >= 12 {
            let box = Array(head[4..<8])
            let brand = Array(head[8..<12])
            if box == ascii("ftyp") {
                for image in ["heic", "heix", "mif1", "msf1", "avif", "avis"] where brand == ascii(image) {
                    return .failure(refusal("an HEIF or AVIF picture"))
                }
                return .success(brand == ascii("qt  ") ? .mov : .mp4)
            }
            for name in ["moov", "mdat", "wide", "free", "skip"] where box == ascii(name) { return .success(.mov) }
        }
        return .failure(refusal(guess(head)))
    }

    private static func refusal(_ what: String) -> FootageError {
        FootageError("this is \(what), not a walkthrough; \(readable)")
    }

    /// What a file of another format is, in words, from its first bytes.
    private static func guess(_ head: [UInt8]) -> String {
        let signatures: [(bytes: [UInt8], name: String)] = [
            ([0x89, 0x50, 0x4E, 0x47], "a PNG picture"),
            ([0xFF, 0xD8, 0xFF], "a JPEG picture"),
            (ascii("GIF8"), "a GIF of an unknown version"),
            (ascii("%PDF"), "a PDF document"),
            ([0x50, 0x4B, 0x03, 0x04], "a ZIP archive"),
            ([0x1F, 0x8B], "a gzip archive"),
            (ascii("BM"), "a BMP picture"),
            ([0x49, 0x49, 0x2A, 0x00], "a TIFF picture"),
            ([0x4D, 0x4D, 0x00, 0x2A], "a TIFF picture"),
            ([0x00, 0x00, 0x01, 0x00], "an icon")
        ]
        // Fewer than six bytes of a GIF's signature: a file cut off at its start.
        if head.count < 6 && starts(head, "GIF") { return "a GIF cut off in its first bytes" }
        for signature in signatures where starts(head, signature.bytes) { return signature.name }
        if starts(head, "RIFF") && head.count >= 12 {
            let kind = Array(head[8..<12])
            if kind == ascii("WEBP") { return "a WebP picture" }
            if kind == ascii("AVI ") { return "an AVI video" }
            return "a RIFF file"
        }
        if starts(head, [0xEF, 0xBB, 0xBF])
            || head.allSatisfy({ $0 == 9 || $0 == 10 || $0 == 13 || (32...126).contains($0) })
        {
            return starts(head, "<") ? "an HTML or XML page" : "text"
        }
        return "a file of an unknown format"
    }

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static func starts(_ head: [UInt8], _ text: String) -> Bool { starts(head, ascii(text)) }

    private static func starts(_ head: [UInt8], _ prefix: [UInt8]) -> Bool {
        head.count >= prefix.count && Array(head[0..<prefix.count]) == prefix
    }
}
