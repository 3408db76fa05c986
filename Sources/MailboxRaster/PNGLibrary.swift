import CPNG
import MailboxGIF

/// libpng's simplified writing API, looked up in libpng16.so.16 the first time a PNG is written. mailsim
/// encodes its PNGs with it rather than through cairo so that it can ask for speed over size
/// (PNG_IMAGE_FLAG_FAST: a snapshot at scale 2 in a third of the time, about 30 % larger).
struct PNGLibrary: @unchecked Sendable {
    let writeToMemory:
        @convention(c) (
            UnsafeMutablePointer<png_image>?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<png_alloc_size_t>?, Int32, UnsafeRawPointer?, Int32,
            UnsafeRawPointer?
        ) -> Int32
    let imageFree: @convention(c) (UnsafeMutablePointer<png_image>?) -> Void

    static let shared: Result<PNGLibrary, RasterError> = Result { () throws(RasterError) in try PNGLibrary() }

    private init() throws(RasterError) {
        let lib = try SharedLibrary(["libpng16.so.16", "libpng16.so"], package: "libpng16-16")
        writeToMemory = try lib.function("png_image_write_to_memory")
        imageFree = try lib.function("png_image_free")
    }

    static func load() throws(RasterError) -> PNGLibrary { try shared.get() }

    /// 8-bit RGB rows (`width` × 3 bytes each, top to bottom) as PNG bytes.
    func encode(rgb pixels: [UInt8], width: Int, height: Int) throws(RasterError) -> [UInt8] {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_RGB)
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // Room for the pixels stored uncompressed, and the headers: a first try that fits.
        var capacity = png_alloc_size_t(pixels.count + pixels.count / 64 + 4096)
        var out = [UInt8](repeating: 0, count: Int(capacity))
        var written = capacity
        var ok = out.withUnsafeMutableBytes { buffer in
            writeToMemory(&image, buffer.baseAddress, &written, 0, pixels, Int32(width * 3), nil)
        }
        if ok == 0 && written > capacity {
            // Too small after all: libpng said how much it needs.
            capacity = written
            out = [UInt8](repeating: 0, count: Int(capacity))
            image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            image.width = UInt32(width)
            image.height = UInt32(height)
            image.format = UInt32(PNG_FORMAT_RGB)
            image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
            ok = out.withUnsafeMutableBytes { buffer in
                writeToMemory(&image, buffer.baseAddress, &written, 0, pixels, Int32(width * 3), nil)
            }
        }
        guard ok != 0 else {
            let message = withUnsafeBytes(of: image.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            imageFree(&image)
            throw RasterError("libpng could not write the PNG: \(message)")
        }
        out.removeSubrange(Int(written)...)
        return out
    }
}
