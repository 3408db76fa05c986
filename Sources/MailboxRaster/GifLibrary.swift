import CGif

/// The giflib functions mailsim encodes GIFs with, looked up in libgif.so.7 the first time a GIF is written.
struct GifLibrary: @unchecked Sendable {
    typealias File = UnsafeMutablePointer<GifFileType>

    let open: @convention(c) (UnsafeMutableRawPointer?, OutputFunc?, UnsafeMutablePointer<Int32>?) -> File?
    let setGifVersion: @convention(c) (File?, Bool) -> Void
    let putScreenDesc: @convention(c) (File?, Int32, Int32, Int32, Int32, UnsafePointer<ColorMapObject>?) -> Int32
    let putExtension: @convention(c) (File?, Int32, Int32, UnsafeRawPointer?) -> Int32
    let putExtensionLeader: @convention(c) (File?, Int32) -> Int32
    let putExtensionBlock: @convention(c) (File?, Int32, UnsafeRawPointer?) -> Int32
    let putExtensionTrailer: @convention(c) (File?) -> Int32
    let putImageDesc: @convention(c) (File?, Int32, Int32, Int32, Int32, Bool, UnsafePointer<ColorMapObject>?) -> Int32
    let putLine: @convention(c) (File?, UnsafeMutablePointer<GifPixelType>?, Int32) -> Int32
    let close: @convention(c) (File?, UnsafeMutablePointer<Int32>?) -> Int32
    let makeMapObject: @convention(c) (Int32, UnsafePointer<GifColorType>?) -> UnsafeMutablePointer<ColorMapObject>?
    let freeMapObject: @convention(c) (UnsafeMutablePointer<ColorMapObject>?) -> Void
    let errorString: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// giflib, loaded once (on first use) for the life of the process; the error if it cannot be.
    static let shared: Result<GifLibrary, RasterError> = Result { () throws(RasterError) in try GifLibrary() }

    private init() throws(RasterError) {
        let lib = try SharedLibrary(["libgif.so.7", "libgif.so"], package: "libgif7")
        open = try lib.function("EGifOpen")
        setGifVersion = try lib.function("EGifSetGifVersion")
        putScreenDesc = try lib.function("EGifPutScreenDesc")
        putExtension = try lib.function("EGifPutExtension")
        putExtensionLeader = try lib.function("EGifPutExtensionLeader")
        putExtensionBlock = try lib.function("EGifPutExtensionBlock")
        putExtensionTrailer = try lib.function("EGifPutExtensionTrailer")
        putImageDesc = try lib.function("EGifPutImageDesc")
        putLine = try lib.function("EGifPutLine")
        close = try lib.function("EGifCloseFile")
        makeMapObject = try lib.function("GifMakeMapObject")
        freeMapObject = try lib.function("GifFreeMapObject")
        errorString = try lib.function("GifErrorString")
    }

    static func load() throws(RasterError) -> GifLibrary { try shared.get() }

    /// giflib's words for an error code.
    func message(_ code: Int32) -> String {
        errorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }
}
