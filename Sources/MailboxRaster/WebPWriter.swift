import CWebP
import MailboxGIF

/// libwebp's animation encoder (libwebpmux's `WebPAnimEncoder`) and the picture and configuration functions of
/// libwebp it takes, looked up in libwebpmux.so.3 and libwebp.so.7 the first time a WebP is written.
struct WebPLibrary: @unchecked Sendable {
    typealias Encoder = OpaquePointer

    let optionsInit: @convention(c) (UnsafeMutablePointer<WebPAnimEncoderOptions>?, Int32) -> Int32
    let encoderNew: @convention(c) (Int32, Int32, UnsafePointer<WebPAnimEncoderOptions>?, Int32) -> Encoder?
    let encoderAdd:
        @convention(c) (Encoder?, UnsafeMutablePointer<WebPPicture>?, Int32, UnsafePointer<WebPConfig>?) -> Int32
    let encoderAssemble: @convention(c) (Encoder?, UnsafeMutablePointer<WebPData>?) -> Int32
    let encoderError: @convention(c) (Encoder?) -> UnsafePointer<CChar>?
    let encoderDelete: @convention(c) (Encoder?) -> Void
    let configInit: @convention(c) (UnsafeMutablePointer<WebPConfig>?, WebPPreset, Float, Int32) -> Int32
    let pictureInit: @convention(c) (UnsafeMutablePointer<WebPPicture>?, Int32) -> Int32
    let pictureImportBGRX: @convention(c) (UnsafeMutablePointer<WebPPicture>?, UnsafePointer<UInt8>?, Int32) -> Int32
    let pictureFree: @convention(c) (UnsafeMutablePointer<WebPPicture>?) -> Void
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void

    static let shared: Result<WebPLibrary, RasterError> = Result { () throws(RasterError) in try WebPLibrary() }

    private init() throws(RasterError) {
        let mux = try SharedLibrary(["libwebpmux.so.3", "libwebpmux.so"], package: "libwebpmux3")
        let webp = try SharedLibrary(["libwebp.so.7", "libwebp.so"], package: "libwebp7")
        optionsInit = try mux.function("WebPAnimEncoderOptionsInitInternal")
        encoderNew = try mux.function("WebPAnimEncoderNewInternal")
        encoderAdd = try mux.function("WebPAnimEncoderAdd")
        encoderAssemble = try mux.function("WebPAnimEncoderAssemble")
        encoderError = try mux.function("WebPAnimEncoderGetError")
        encoderDelete = try mux.function("WebPAnimEncoderDelete")
        configInit = try webp.function("WebPConfigInitInternal")
        pictureInit = try webp.function("WebPPictureInitInternal")
        pictureImportBGRX = try webp.function("WebPPictureImportBGRX")
        pictureFree = try webp.function("WebPPictureFree")
        free = try webp.function("WebPFree")
    }

    static func load() throws(RasterError) -> WebPLibrary { try shared.get() }
}

/// An animated WebP that loops, written with libwebp's animation encoder: lossless (the screen's colours
/// exact, as in the PNG snapshots), each frame at its instant of playback in milliseconds. Lossless, because
/// lossy WebP was larger on walkthroughs (sharp text on flat colours: 1.96 MB at quality 80 against 1.50 MB
/// lossless for the 3-second benchmark), and method 1 because 0 gave 10.9 MB and 3 saved 0.5 % for more time.
/// The encoder keeps only the frames it has already compressed (it stores each as the rectangle that changed),
/// and the file is assembled from them at the end and written to the sink.
public final class WebPWriter {
    public let width: Int
    public let height: Int
    private let framesPerSecond: Double
    private let webp: WebPLibrary
    private let encoder: WebPLibrary.Encoder
    private var config = WebPConfig()
    private var picture = WebPPicture()
    private var frames = 0
    private var finished = false

    /// `effort` is libwebp's lossless effort (0…100; with `method` 0…6): the defaults keep a 3-second walkthrough
    /// under a second.
    public init(
        width: Int, height: Int, framesPerSecond: Double, method: Int = 1,
        effort: Float = 25
    ) throws(RasterError) {
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        webp = try WebPLibrary.load()
        var options = WebPAnimEncoderOptions()
        guard webp.optionsInit(&options, mailsim_webp_mux_abi) != 0 else {
            throw RasterError("libwebpmux is not the version mailsim was built with")
        }
        options.anim_params.loop_count = 0
        options.allow_mixed = 0
        options.minimize_size = 0
        // Every frame may be stored as the rectangle that changed since the one before.
        options.kmin = 0x7FFF_FFFE
        options.kmax = 0x7FFF_FFFF
        guard let encoder = webp.encoderNew(Int32(width), Int32(height), &options, mailsim_webp_mux_abi) else {
            throw RasterError("libwebp could not start an animation of \(width) × \(height)")
        }
        self.encoder = encoder
        guard webp.configInit(&config, WEBP_PRESET_DEFAULT, 75, mailsim_webp_encoder_abi) != 0,
            webp.pictureInit(&picture, mailsim_webp_encoder_abi) != 0
        else {
            webp.encoderDelete(encoder)
            throw RasterError("libwebp is not the version mailsim was built with")
        }
        config.lossless = 1
        config.quality = effort
        config.method = Int32(method)
        config.exact = 1
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
    }

    deinit {
        webp.pictureFree(&picture)
        webp.encoderDelete(encoder)
    }

    /// Adds `repeats` frames showing `pixels` (0xRRGGBB, row by row).
    public func add(pixels: [UInt32], repeats: Int = 1) throws(RasterError) {
        precondition(pixels.count == width * height)
        // 0x00RRGGBB words are B, G, R, 0 bytes on a little-endian machine.
        let taken = pixels.withUnsafeBytes { raw in
            webp.pictureImportBGRX(&picture, raw.bindMemory(to: UInt8.self).baseAddress, Int32(width * 4))
        }
        guard taken != 0 else { throw RasterError("libwebp could not take a frame") }
        try addPicture(repeats: repeats)
    }

    private func addPicture(repeats: Int) throws(RasterError) {
        guard webp.encoderAdd(encoder, &picture, Int32(milliseconds(at: frames)), &config) != 0 else {
            throw RasterError("libwebp: " + message)
        }
        frames += repeats
    }

    /// Ends the animation at the last frame's end and writes the file to `sink`.
    public func finish(to sink: ByteSink) throws(RasterError) {
        precondition(!finished)
        finished = true
        guard webp.encoderAdd(encoder, nil, Int32(milliseconds(at: frames)), nil) != 0 else {
            throw RasterError("libwebp: " + message)
        }
        var data = WebPData()
        guard webp.encoderAssemble(encoder, &data) != 0, let bytes = data.bytes else {
            throw RasterError("libwebp: " + message)
        }
        defer { webp.free(UnsafeMutableRawPointer(mutating: bytes)) }
        try sink.write(UnsafeRawBufferPointer(start: bytes, count: data.size))
    }

    private var message: String {
        webp.encoderError(encoder).map { String(cString: $0) } ?? "the animation encoder failed"
    }

    /// The instant frame `n` starts, in whole milliseconds of playback.
    private func milliseconds(at n: Int) -> Int { Int((Double(n) * 1000 / framesPerSecond).rounded()) }
}
