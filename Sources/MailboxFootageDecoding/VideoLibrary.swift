import CAV
import MailboxFootage

/// The FFmpeg functions a video is read with, looked up in libavformat.so.59, libavcodec.so.59 and libavutil.so.57
/// the first time a video is read (the same libraries mailsim writes videos with). libavformat reads the container
/// (MP4, MOV, WebM), libavcodec decodes the pictures; the colour conversion is mailsim's own (`YUVConversion`).
struct VideoReadingLibrary: @unchecked Sendable {
    typealias Format = UnsafeMutablePointer<AVFormatContext>
    typealias Codec = UnsafeMutablePointer<AVCodecContext>
    typealias PacketCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias SeekCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64

    let allocFormat: @convention(c) () -> Format?
    let findInputFormat: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVInputFormat>?
    let openInput:
        @convention(c) (
            UnsafeMutablePointer<Format?>?, UnsafePointer<CChar>?, UnsafePointer<AVInputFormat>?,
            UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    let closeInput: @convention(c) (UnsafeMutablePointer<Format?>?) -> Void
    let findBestStream:
        @convention(c) (Format?, AVMediaType, Int32, Int32, UnsafeMutablePointer<UnsafePointer<AVCodec>?>?, Int32) ->
            Int32
    let readFrame: @convention(c) (Format?, UnsafeMutablePointer<AVPacket>?) -> Int32
    let avioAlloc:
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, Int32, Int32, UnsafeMutableRawPointer?,
            PacketCallback?, PacketCallback?, SeekCallback?
        ) -> UnsafeMutablePointer<AVIOContext>?
    let avioFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?) -> Void
    let allocCodec: @convention(c) (UnsafePointer<AVCodec>?) -> Codec?
    let parametersToContext: @convention(c) (Codec?, UnsafePointer<AVCodecParameters>?) -> Int32
    let openCodec: @convention(c) (Codec?, UnsafePointer<AVCodec>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let freeCodec: @convention(c) (UnsafeMutablePointer<Codec?>?) -> Void
    let sendPacket: @convention(c) (Codec?, UnsafePointer<AVPacket>?) -> Int32
    let receiveFrame: @convention(c) (Codec?, UnsafeMutablePointer<AVFrame>?) -> Int32
    let packetAlloc: @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    let packetFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void
    let packetUnref: @convention(c) (UnsafeMutablePointer<AVPacket>?) -> Void
    let frameAlloc: @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    let frameFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    let malloc: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let strerror: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let pixelFormatName: @convention(c) (AVPixelFormat) -> UnsafePointer<CChar>?
    let setLogLevel: @convention(c) (Int32) -> Void

    static let shared: Result<VideoReadingLibrary, FootageError> = Result { () throws(FootageError) in
        try VideoReadingLibrary()
    }

    private init() throws(FootageError) {
        let util = try DynamicLibrary(["libavutil.so.57"], package: "libavutil57")
        let codec = try DynamicLibrary(["libavcodec.so.59"], package: "libavcodec59")
        let format = try DynamicLibrary(["libavformat.so.59"], package: "libavformat59")
        allocFormat = try format.function("avformat_alloc_context")
        findInputFormat = try format.function("av_find_input_format")
        openInput = try format.function("avformat_open_input")
        closeInput = try format.function("avformat_close_input")
        findBestStream = try format.function("av_find_best_stream")
        readFrame = try format.function("av_read_frame")
        avioAlloc = try format.function("avio_alloc_context")
        avioFree = try format.function("avio_context_free")
        allocCodec = try codec.function("avcodec_alloc_context3")
        parametersToContext = try codec.function("avcodec_parameters_to_context")
        openCodec = try codec.function("avcodec_open2")
        freeCodec = try codec.function("avcodec_free_context")
        sendPacket = try codec.function("avcodec_send_packet")
        receiveFrame = try codec.function("avcodec_receive_frame")
        packetAlloc = try codec.function("av_packet_alloc")
        packetFree = try codec.function("av_packet_free")
        packetUnref = try codec.function("av_packet_unref")
        frameAlloc = try util.function("av_frame_alloc")
        frameFree = try util.function("av_frame_free")
        malloc = try util.function("av_malloc")
        free = try util.function("av_free")
        strerror = try util.function("av_strerror")
        pixelFormatName = try util.function("av_get_pix_fmt_name")
        setLogLevel = try util.function("av_log_set_level")
        // Nothing on standard error: a damaged file is reported as an error of ours, in words.
        setLogLevel(AV_LOG_QUIET)
    }

    static func load() throws(FootageError) -> VideoReadingLibrary { try shared.get() }

    /// FFmpeg's words for its error `code`.
    func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        _ = self.strerror(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
