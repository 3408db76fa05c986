import CGIF
import MailboxFootage

/// The giflib functions a GIF is read with, looked up in libgif.so.7 the first time a GIF is read. The low-level
/// calls (a record, an image's header, a line at a time) rather than DGifSlurp, which would hold every frame.
struct GIFLibrary: @unchecked Sendable {
    typealias File = UnsafeMutablePointer<GifFileType>
    typealias Input = @convention(c) (File?, UnsafeMutablePointer<GifByteType>?, Int32) -> Int32

    let open: @convention(c) (UnsafeMutableRawPointer?, Input?, UnsafeMutablePointer<Int32>?) -> File?
    let close: @convention(c) (File?, UnsafeMutablePointer<Int32>?) -> Int32
    let recordType: @convention(c) (File?, UnsafeMutablePointer<GifRecordType>?) -> Int32
    let imageHeader: @convention(c) (File?) -> Int32
    let line: @convention(c) (File?, UnsafeMutablePointer<GifPixelType>?, Int32) -> Int32
    let extensionFirst:
        @convention(c) (File?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutablePointer<GifByteType>?>?)
            -> Int32
    let extensionNext: @convention(c) (File?, UnsafeMutablePointer<UnsafeMutablePointer<GifByteType>?>?) -> Int32
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?

    static let shared: Result<GIFLibrary, FootageError> = Result { () throws(FootageError) in try GIFLibrary() }

    private init() throws(FootageError) {
        let gif = try DynamicLibrary(["libgif.so.7"], package: "libgif7")
        open = try gif.function("DGifOpen")
        close = try gif.function("DGifCloseFile")
        recordType = try gif.function("DGifGetRecordType")
        imageHeader = try gif.function("DGifGetImageHeader")
        line = try gif.function("DGifGetLine")
        extensionFirst = try gif.function("DGifGetExtension")
        extensionNext = try gif.function("DGifGetExtensionNext")
        errorString = try gif.function("GifErrorString")
    }

    static func load() throws(FootageError) -> GIFLibrary { try shared.get() }

    /// giflib's words for its error `code`.
    func message(_ code: Int32) -> String {
        errorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
