import CAV
import MailboxGIF

#if canImport(Glibc)
    import Glibc
#endif

/// The FFmpeg functions mailsim writes videos with, looked up in libavformat.so.59, libavcodec.so.59 and
/// libavutil.so.57 the first time a video is written. libavformat writes the container (MP4, WebM), libavcodec
/// drives the encoder (libx264 for H.264, libvpx for VP9).
struct VideoLibrary: @unchecked Sendable {
    typealias Format = UnsafeMutablePointer<AVFormatContext>
    typealias Codec = UnsafeMutablePointer<AVCodecContext>

    let allocOutput:
        @convention(c) (
            UnsafeMutablePointer<Format?>?, UnsafePointer<AVOutputFormat>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?
        ) -> Int32
    let newStream: @convention(c) (Format?, UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<AVStream>?
    let writeHeader: @convention(c) (Format?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let writeFrame: @convention(c) (Format?, UnsafeMutablePointer<AVPacket>?) -> Int32
    let writeTrailer: @convention(c) (Format?) -> Int32
    let freeFormat: @convention(c) (Format?) -> Void
    /// avio_alloc_context's callbacks: read or write a packet, and seek.
    typealias PacketCallback = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32
    typealias SeekCallback = @convention(c) (UnsafeMutableRawPointer?, Int64, Int32) -> Int64
    let avioAlloc:
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, Int32, Int32, UnsafeMutableRawPointer?,
            PacketCallback?, PacketCallback?, SeekCallback?
        ) -> UnsafeMutablePointer<AVIOContext>?
    let avioFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?) -> Void
    let avioFlush: @convention(c) (UnsafeMutablePointer<AVIOContext>?) -> Void
    let findEncoder: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVCodec>?
    let allocCodec: @convention(c) (UnsafePointer<AVCodec>?) -> Codec?
    let openCodec: @convention(c) (Codec?, UnsafePointer<AVCodec>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let freeCodec: @convention(c) (UnsafeMutablePointer<Codec?>?) -> Void
    let parametersFromContext: @convention(c) (UnsafeMutablePointer<AVCodecParameters>?, Codec?) -> Int32
    let sendFrame: @convention(c) (Codec?, UnsafePointer<AVFrame>?) -> Int32
    let receivePacket: @convention(c) (Codec?, UnsafeMutablePointer<AVPacket>?) -> Int32
    let packetAlloc: @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    let packetFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void
    let packetRescale: @convention(c) (UnsafeMutablePointer<AVPacket>?, AVRational, AVRational) -> Void
    let frameAlloc: @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    let frameFree: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    let frameGetBuffer: @convention(c) (UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let frameMakeWritable: @convention(c) (UnsafeMutablePointer<AVFrame>?) -> Int32
    let dictSet:
        @convention(c) (
            UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32
        ) -> Int32
    let dictFree: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let malloc: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let strerror: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let setLogLevel: @convention(c) (Int32) -> Void

    static let shared: Result<VideoLibrary, RasterError> = Result { () throws(RasterError) in try VideoLibrary() }

    private init() throws(RasterError) {
        let util = try SharedLibrary(["libavutil.so.57"], package: "libavutil57")
        let codec = try SharedLibrary(["libavcodec.so.59"], package: "libavcodec59")
        let format = try SharedLibrary(["libavformat.so.59"], package: "libavformat59")
        allocOutput = try format.function("avformat_alloc_output_context2")
        newStream = try format.function("avformat_new_stream")
        writeHeader = try format.function("avformat_write_header")
        writeFrame = try format.function("av_interleaved_write_frame")
        writeTrailer = try format.function("av_write_trailer")
        freeFormat = try format.function("avformat_free_context")
        avioAlloc = try format.function("avio_alloc_context")
        avioFree = try format.function("avio_context_free")
        avioFlush = try format.function("avio_flush")
        findEncoder = try codec.function("avcodec_find_encoder_by_name")
        allocCodec = try codec.function("avcodec_alloc_context3")
        openCodec = try codec.function("avcodec_open2")
        freeCodec = try codec.function("avcodec_free_context")
        parametersFromContext = try codec.function("avcodec_parameters_from_context")
        sendFrame = try codec.function("avcodec_send_frame")
        receivePacket = try codec.function("avcodec_receive_packet")
        packetAlloc = try codec.function("av_packet_alloc")
        packetFree = try codec.function("av_packet_free")
        packetRescale = try codec.function("av_packet_rescale_ts")
        frameAlloc = try util.function("av_frame_alloc")
        frameFree = try util.function("av_frame_free")
        frameGetBuffer = try util.function("av_frame_get_buffer")
        frameMakeWritable = try util.function("av_frame_make_writable")
        dictSet = try util.function("av_dict_set")
        dictFree = try util.function("av_dict_free")
        malloc = try util.function("av_malloc")
        free = try util.function("av_free")
        strerror = try util.function("av_strerror")
        setLogLevel = try util.function("av_log_set_level")
        // Errors only: the encoders' statistics are not mailsim's output (a failure is reported as an error).
        setLogLevel(AV_LOG_ERROR)
    }

    static func load() throws(RasterError) -> VideoLibrary { try shared.get() }

    func message(_ code: Int32) -> String {
        var text = [CChar](repeating: 0, count: 128)
        _ = self.strerror(code, &text, text.count)
        let bytes = text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A video file: H.264 in MP4 or VP9 in WebM, written by FFmpeg's libraries to a file descriptor as the frames
/// come (the encoder holds a few frames; the container is written as it goes, MP4's index at the end). Frames
/// are RGB pictures converted here to 4:2:0 YUV (BT.709, limited range, tagged so): the width and height must be
/// even.
public final class VideoWriter {
    /// The file format around the video: MP4 (H.264) or WebM (VP9).
    public enum Container: String, Sendable { case mp4, webm }

    public let width: Int
    public let height: Int
    private let av: VideoLibrary
    private var format: VideoLibrary.Format?
    private var codec: VideoLibrary.Codec?
    private var io: UnsafeMutablePointer<AVIOContext>?
    private var frame: UnsafeMutablePointer<AVFrame>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private let stream: UnsafeMutablePointer<AVStream>
    private let output: Output
    private var frames = 0
    private let ticksPerFrame: Double
    private var finished = false

    /// The descriptor libavformat writes through (and seeks in, to complete MP4's index when it can).
    final class Output {
        let fd: Int32
        var error: Int32 = 0
        init(fd: Int32) { self.fd = fd }
    }

    /// The time base of the frames' instants: 1/90 000 s, as MPEG counts.
    private static let timeBase = AVRational(num: 1, den: 90_000)

    /// A video of `width` × `height` shown at `framesPerSecond` (fps × speed), written to `fd` (open for writing;
    /// not closed).
    public init(
        _ container: Container, width: Int, height: Int, framesPerSecond: Double,
        fd: Int32
    ) throws(RasterError) {
        guard width % 2 == 0 && height % 2 == 0 else {
            throw RasterError("a video needs an even width and height (got \(width) × \(height))")
        }
        self.width = width
        self.height = height
        av = try VideoLibrary.load()
        output = Output(fd: fd)
        ticksPerFrame = 90_000 / framesPerSecond
        let seekable = lseek(fd, 0, SEEK_CUR) >= 0
        var format: VideoLibrary.Format?
        guard av.allocOutput(&format, nil, container.rawValue, nil) >= 0, let format else {
            throw RasterError("libavformat cannot write \(container.rawValue)")
        }
        self.format = format
        let encoderName = container == .mp4 ? "libx264" : "libvpx-vp9"
        guard let encoder = av.findEncoder(encoderName) else {
            av.freeFormat(format)
            throw RasterError("libavcodec has no \(encoderName) encoder (install Debian's libavcodec59)")
        }
        guard let stream = av.newStream(format, nil), let codec = av.allocCodec(encoder) else {
            av.freeFormat(format)
            throw RasterError("libavcodec could not make an encoder")
        }
        self.stream = stream
        self.codec = codec
        codec.pointee.width = Int32(width)
        codec.pointee.height = Int32(height)
        codec.pointee.time_base = Self.timeBase
        // The nominal rate (whole frames a second, rounded): the instants themselves are exact to 1/90 000 s.
        codec.pointee.framerate = AVRational(num: Int32(max(1, (framesPerSecond * 1000).rounded())), den: 1000)
        codec.pointee.pix_fmt = AV_PIX_FMT_YUV420P
        codec.pointee.colorspace = AVCOL_SPC_BT709
        codec.pointee.color_range = AVCOL_RANGE_MPEG
        codec.pointee.color_primaries = AVCOL_PRI_BT709
        codec.pointee.color_trc = AVCOL_TRC_BT709
        codec.pointee.gop_size = Int32(max(1, min(300, (framesPerSecond * 10).rounded())))
        if format.pointee.oformat.pointee.flags & mailsim_fmt_globalheader != 0 {
            codec.pointee.flags |= mailsim_codec_flag_global_header
        }
        var options: OpaquePointer?
        defer { av.dictFree(&options) }
        let settings: [(String, String)] =
            container == .mp4
            // Sharp text and flat colours: a constant quality, the encoder's "animation" tuning, a fast preset.
            ? [("preset", "veryfast"), ("crf", "18"), ("tune", "animation"), ("profile", "high")]
            // libvpx's real-time mode with its screen-content tuning: seconds, not minutes, for a walkthrough.
            : [
                ("deadline", "realtime"), ("cpu-used", "8"), ("crf", "32"), ("b", "0"), ("row-mt", "1"),
                ("tune-content", "screen")
            ]
        for (key, value) in settings { _ = av.dictSet(&options, key, value, 0) }
        var status = av.openCodec(codec, encoder, &options)
        guard status >= 0 else { throw RasterError("\(encoderName): \(av.message(status))") }
        status = av.parametersFromContext(stream.pointee.codecpar, codec)
        guard status >= 0 else { throw RasterError("libavcodec: \(av.message(status))") }
        stream.pointee.time_base = Self.timeBase
        stream.pointee.avg_frame_rate = codec.pointee.framerate
        // The bytes go through our descriptor: libavformat's buffer, our write and (for MP4's index) seek.
        let size = 1 << 16
        guard let buffer = av.malloc(size)?.assumingMemoryBound(to: UInt8.self),
            let io = av.avioAlloc(
                buffer, Int32(size), 1, Unmanaged.passUnretained(output).toOpaque(), nil,
                { opaque, data, length in
                    let output = Unmanaged<Output>.fromOpaque(opaque!).takeUnretainedValue()
                    var done = 0
                    while done < Int(length) {
                        let n = Glibc.write(output.fd, data! + done, Int(length) - done)
                        if n < 0 {
                            if errno == EINTR { continue }
                            output.error = errno
                            return -output.error
                        }
                        done += n
                    }
                    return length
                },
                seekable
                    ? { opaque, offset, whence in
                        let output = Unmanaged<Output>.fromOpaque(opaque!).takeUnretainedValue()
                        if whence & mailsim_avseek_size != 0 {
                            var info = stat()
                            return fstat(output.fd, &info) == 0 ? Int64(info.st_size) : -1
                        }
                        let at = lseek(output.fd, off_t(offset), whence & 0xFFFF)
                        return at < 0 ? Int64(-errno) : Int64(at)
                    } : nil)
        else { throw RasterError("libavformat could not open the output") }
        self.io = io
        format.pointee.pb = io
        var muxOptions: OpaquePointer?
        defer { av.dictFree(&muxOptions) }
        if !seekable && container == .mp4 {
            // A pipe cannot be seeked back into: fragmented MP4, its index before each fragment.
            _ = av.dictSet(&muxOptions, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0)
        }
        status = av.writeHeader(format, &muxOptions)
        guard status >= 0 else { throw RasterError("libavformat: \(message(status))") }
        guard let frame = av.frameAlloc(), let packet = av.packetAlloc() else {
            throw RasterError("libavcodec could not allocate a frame")
        }
        self.frame = frame
        self.packet = packet
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.colorspace = AVCOL_SPC_BT709
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        status = av.frameGetBuffer(frame, 0)
        guard status >= 0 else { throw RasterError("libavcodec: \(av.message(status))") }
    }

    deinit {
        av.frameFree(&frame)
        av.packetFree(&packet)
        av.freeCodec(&codec)
        if let format {
            format.pointee.pb = nil
            av.freeFormat(format)
        }
        if let io {
            av.free(io.pointee.buffer)
            av.avioFree(&self.io)
        }
    }

    private func message(_ status: Int32) -> String {
        output.error != 0 ? String(cString: Glibc.strerror(output.error)) : av.message(status)
    }

    /// Adds `repeats` frames showing `pixels` (0xRRGGBB, row by row, width × height of them).
    public func add(pixels: [UInt32], repeats: Int = 1) throws(RasterError) {
        precondition(pixels.count == width * height)
        guard let frame else { return }
        let status = av.frameMakeWritable(frame)
        guard status >= 0 else { throw RasterError("libavcodec: \(av.message(status))") }
        let y = frame.pointee.data.0!
        let u = frame.pointee.data.1!
        let v = frame.pointee.data.2!
        let ys = Int(frame.pointee.linesize.0)
        let us = Int(frame.pointee.linesize.1)
        let vs = Int(frame.pointee.linesize.2)
        let width = self.width
        pixels.withUnsafeBufferPointer { pixels in
            // BT.709, limited range, in 16-bit fixed point; chroma from each 2 × 2 block's mean.
            for row in 0..<height {
                let out = y + row * ys
                let base = row * width
                for x in 0..<width {
                    let p = pixels[base + x]
                    let r = Int((p >> 16) & 0xFF)
                    let g = Int((p >> 8) & 0xFF)
                    let b = Int(p & 0xFF)
                    out[x] = UInt8(truncatingIfNeeded: (16 << 16 + 32768 + 11_966 * r + 40_254 * g + 4_064 * b) >> 16)
                }
            }
            for row in 0..<(height / 2) {
                let uo = u + row * us
                let vo = v + row * vs
                let top = 2 * row * width
                let bottom = top + width
                for cx in 0..<(width / 2) {
                    let p = pixels[top + 2 * cx]
                    let q = pixels[top + 2 * cx + 1]
                    let s = pixels[bottom + 2 * cx]
                    let t = pixels[bottom + 2 * cx + 1]
                    let r =
                        Int((p >> 16) & 0xFF) + Int((q >> 16) & 0xFF)
                        + Int((s >> 16) & 0xFF) + Int((t >> 16) & 0xFF)
                    let g = Int((p >> 8) & 0xFF) + Int((q >> 8) & 0xFF) + Int((s >> 8) & 0xFF) + Int((t >> 8) & 0xFF)
                    let b = Int(p & 0xFF) + Int(q & 0xFF) + Int(s & 0xFF) + Int(t & 0xFF)
                    // Sums of four: the coefficients divided by four.
                    uo[cx] = UInt8(truncatingIfNeeded: (128 << 16 + 32768 + (-1_649 * r - 5_547 * g + 7_196 * b)) >> 16)
                    vo[cx] = UInt8(truncatingIfNeeded: (128 << 16 + 32768 + (7_196 * r - 6_537 * g - 659 * b)) >> 16)
                }
            }
        }
        frame.pointee.pts = Int64((Double(frames) * ticksPerFrame).rounded())
        frames += repeats
        try send(frame)
    }

    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(RasterError) {
        var status = av.sendFrame(codec, frame)
        guard status >= 0 else { throw RasterError("libavcodec: \(message(status))") }
        while true {
            status = av.receivePacket(codec, packet)
            if status == mailsim_averror_eagain || status == mailsim_averror_eof { return }
            guard status >= 0 else { throw RasterError("libavcodec: \(message(status))") }
            av.packetRescale(packet, Self.timeBase, stream.pointee.time_base)
            packet!.pointee.stream_index = stream.pointee.index
            status = av.writeFrame(format, packet)
            guard status >= 0 else { throw RasterError("libavformat: \(message(status))") }
        }
    }

    /// Drains the encoder and completes the container.
    public func finish() throws(RasterError) {
        precondition(!finished)
        finished = true
        try send(nil)
        let status = av.writeTrailer(format)
        guard status >= 0 else { throw RasterError("libavformat: \(message(status))") }
        av.avioFlush(io)
        if output.error != 0 { throw RasterError(String(cString: Glibc.strerror(output.error)), errno: output.error) }
    }
}
