import CAV
import MailboxFootage

/// A video read through FFmpeg: the container by the demuxer its first bytes named (no other is probed), the
/// best video stream decoded packet by packet, each picture converted to RGB (`YUVConversion`) and handed on.
/// A frame's duration is the time to the next frame's (the last frame's is its own, or the interval before it),
/// so one converted frame waits for the next: two whole frames at most.
enum VideoDecoder {
    static func read(
        _ source: FootageSource, format: FootageFormat, limits: FootageLimits,
        each: (FootageFrame) throws(FootageError) -> Void
    ) throws(FootageError) -> FootageSummary {
        let av = try VideoReadingLibrary.load()
        _ = source.seek(to: 0)
        let decoding = try Decoding(av: av, source: source, format: format, limits: limits)
        return try withExtendedLifetime(source) { () throws(FootageError) -> FootageSummary in
            try decoding.run(each)
        }
    }

    /// One video being read: the demuxer on our source, the decoder, a packet and a frame.
    private final class Decoding {
        let av: VideoReadingLibrary
        let source: FootageSource
        let limits: FootageLimits
        let kind: FootageFormat
        var input: VideoReadingLibrary.Format?
        var io: UnsafeMutablePointer<AVIOContext>?
        var codec: VideoReadingLibrary.Codec?
        var packet: UnsafeMutablePointer<AVPacket>?
        var frame: UnsafeMutablePointer<AVFrame>?
        var stream: Int32 = -1
        var width = 0
        var height = 0
        var timeBase = AVRational(num: 1, den: 1)
        var frameRate = AVRational(num: 0, den: 1)
        /// The frame waiting for the next one's start (its duration), the count handed on, the first timestamp.
        var pending: FootageFrame?
        var count = 0
        var firstStamp: Int64?
        var lastInterval = 0.0
        var conversion: YUVConversion?
        var convertedFormat: Int32 = -1

        init(av: VideoReadingLibrary, source: FootageSource, format: FootageFormat, limits: FootageLimits)
            throws(FootageError)
        {
            self.av = av
            self.source = source
            self.limits = limits
            kind = format
            let size = 1 << 16
            guard let buffer = av.malloc(size)?.assumingMemoryBound(to: UInt8.self),
                let io = av.avioAlloc(
                    buffer, Int32(size), 0, Unmanaged.passUnretained(source).toOpaque(),
                    { opaque, data, length in
                        let source = Unmanaged<FootageSource>.fromOpaque(opaque!).takeUnretainedValue()
                        let n = source.read(into: data!, count: Int(length))
                        return n < 0 ? -5 : n == 0 ? mailsim_averror_eof : Int32(n)
                    }, nil,
                    { opaque, offset, whence in
                        let source = Unmanaged<FootageSource>.fromOpaque(opaque!).takeUnretainedValue()
                        if whence & mailsim_avseek_size != 0 { return source.size }
                        switch whence & 0xFFFF {
                        case 0: return source.seek(to: offset)
                        case 1: return source.seek(to: source.position + offset)
                        case 2: return source.seek(to: source.size + offset)
                        default: return -1
                        }
                    })
            else { throw FootageError("libavformat could not allocate a reader") }
            self.io = io
            guard var context = av.allocFormat() else { throw FootageError("libavformat could not allocate a reader") }
            context.pointee.pb = io
            context.pointee.flags |= AVFMT_FLAG_CUSTOM_IO
            // Only the demuxer the first bytes named: libavformat probes nothing else.
            let demuxer = av.findInputFormat(format == .webm ? "matroska" : "mov")
            var optional: VideoReadingLibrary.Format? = context
            var status = av.openInput(&optional, nil, demuxer, nil)
            guard status >= 0, let opened = optional else { throw problem(status, "in its header") }
            context = opened
            input = context
            var decoder: UnsafePointer<AVCodec>?
            status = av.findBestStream(context, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0)
            guard status >= 0, let decoder else {
                throw FootageError("the \(format.name) file has no video that FFmpeg can decode")
            }
            stream = status
            let video = context.pointee.streams[Int(status)]!
            let parameters = video.pointee.codecpar!
            width = Int(parameters.pointee.width)
            height = Int(parameters.pointee.height)
            if let problem = limits.pictureProblem(width: width, height: height) { throw problem }
            timeBase = video.pointee.time_base
            frameRate = video.pointee.avg_frame_rate.num > 0 ? video.pointee.avg_frame_rate : video.pointee.r_frame_rate
            guard timeBase.num > 0 && timeBase.den > 0 else { throw FootageError("the video has no time base") }
            guard let codec = av.allocCodec(decoder) else { throw FootageError("libavcodec could not make a decoder") }
            self.codec = codec
            status = av.parametersToContext(codec, parameters)
            guard status >= 0 else { throw problem(status, "in its header") }
            codec.pointee.thread_count = 1
            status = av.openCodec(codec, decoder, nil)
            guard status >= 0 else { throw problem(status, "in its header") }
            guard let packet = av.packetAlloc(), let frame = av.frameAlloc() else {
                throw FootageError("libavcodec could not allocate a frame")
            }
            self.packet = packet
            self.frame = frame
        }

        deinit {
            av.frameFree(&frame)
            av.packetFree(&packet)
            av.freeCodec(&codec)
            if input != nil { av.closeInput(&input) }
            if let io {
                av.free(io.pointee.buffer)
                av.avioFree(&self.io)
            }
        }

        func problem(_ status: Int32, _ place: String) -> FootageError {
            if source.failure != 0 { return FootageError("the \(kind.name) file stops \(place): \(source.shortfall)") }
            if status == mailsim_averror_eof {
                return FootageError("the \(kind.name) file stops \(place): \(source.shortfall)")
            }
            return FootageError("the \(kind.name) file cannot be read \(place) (FFmpeg: \(av.message(status)))")
        }

        func run(_ each: (FootageFrame) throws(FootageError) -> Void) throws(FootageError) -> FootageSummary {
            while true {
                let status = av.readFrame(input, packet)
                if status == mailsim_averror_eof { break }
                guard status >= 0 else { throw problem(status, "after frame \(count)") }
                defer { av.packetUnref(packet) }
                guard packet!.pointee.stream_index == stream else { continue }
                let sent = av.sendPacket(codec, packet)
                guard sent >= 0 || sent == mailsim_averror_eagain else { throw problem(sent, "in frame \(count + 1)") }
                try receive(each)
            }
            _ = av.sendPacket(codec, nil)
            try receive(each)
            guard var last = pending else { throw FootageError("the \(kind.name) file has no frames") }
            pending = nil
            last.duration = ownDuration()
            let end = last.start + last.duration
            // A file cut off in its middle reads to its end without an error (a WebM's clusters, a MOV with its
            // index first): what it declares tells. More than a second and a tenth short is not rounding, nor an
            // audio track a little longer than the video.
            if let declared = declaredSeconds(), end < declared - 1, end < declared * 0.9 {
                throw FootageError(
                    "the \(kind.name) file stops after \(count + 1) frames, at \(tenths(end)) s of the \(tenths(declared)) s "
                        + "it declares (is it truncated?)")
            }
            try hand(last, each)
            return FootageSummary(format: kind, frames: count, seconds: end, width: width, height: height)
        }

        /// The length the file declares: the video stream's own, else the container's (nil when neither says).
        private func declaredSeconds() -> Double? {
            let video = input!.pointee.streams[Int(stream)]!.pointee
            if video.duration > 0 && video.duration != Int64.min {
                return Double(video.duration) * Double(timeBase.num) / Double(timeBase.den)
            }
            let whole = input!.pointee.duration
            return whole > 0 && whole != Int64.min ? Double(whole) / 1_000_000 : nil
        }

        /// `seconds` to a tenth, for the words.
        private func tenths(_ seconds: Double) -> String {
            let t = Int64((seconds * 10).rounded())
            return "\(t / 10).\(t % 10)"
        }

        /// The last frame's duration: its own when the stream says it, else the interval before it, else one
        /// frame at the stream's rate.
        private func ownDuration() -> Double {
            let own = Double(frame!.pointee.pkt_duration) * Double(timeBase.num) / Double(timeBase.den)
            if own > 0 && own < 60 { return own }
            if lastInterval > 0 { return lastInterval }
            return frameRate.num > 0 ? Double(frameRate.den) / Double(frameRate.num) : 0
        }

        /// Every picture the decoder has ready, converted; each hands on the one before it.
        private func receive(_ each: (FootageFrame) throws(FootageError) -> Void) throws(FootageError) {
            while true {
                let status = av.receiveFrame(codec, frame)
                if status == mailsim_averror_eagain || status == mailsim_averror_eof { return }
                guard status >= 0 else { throw problem(status, "in frame \(count + 1)") }
                let picture = frame!
                guard Int(picture.pointee.width) == width && Int(picture.pointee.height) == height else {
                    throw FootageError(
                        "the video's picture changes size at frame \(count + 1) (from \(width) × \(height) to "
                            + "\(picture.pointee.width) × \(picture.pointee.height))")
                }
                if let problem = limits.frameProblem(index: count + (pending == nil ? 0 : 1)) { throw problem }
                let stamp = picture.pointee.best_effort_timestamp
                let first = firstStamp ?? stamp
                firstStamp = first
                var start =
                    stamp == Int64.min
                    ? (pending.map { $0.start + lastInterval } ?? 0)
                    : Double(stamp &- first) * Double(timeBase.num) / Double(timeBase.den)
                if var before = pending {
                    start = max(start, before.start)
                    before.duration = start - before.start
                    lastInterval = before.duration
                    pending = nil
                    try hand(before, each)
                }
                pending = FootageFrame(
                    index: count, start: start, duration: 0, width: width, height: height,
                    pixels: try convert(picture))
            }
        }

        private func hand(_ frame: FootageFrame, _ each: (FootageFrame) throws(FootageError) -> Void)
            throws(FootageError)
        {
            if let problem = limits.lengthProblem(end: frame.start + frame.duration) { throw problem }
            try each(frame)
            count += 1
        }

        private func convert(_ picture: UnsafeMutablePointer<AVFrame>) throws(FootageError) -> [UInt32] {
            if picture.pointee.format != convertedFormat || conversion == nil {
                let format = AVPixelFormat(rawValue: picture.pointee.format)
                guard
                    let made = YUVConversion(
                        format: format, space: picture.pointee.colorspace, range: picture.pointee.color_range)
                else {
                    let name = av.pixelFormatName(format).map { String(cString: $0) } ?? "unknown"
                    throw FootageError(
                        "the video's pictures are in the pixel format \(name), which grade does not convert")
                }
                conversion = made
                convertedFormat = picture.pointee.format
            }
            var pixels = [UInt32](repeating: 0, count: width * height)
            conversion!.convert(picture, width: width, height: height, into: &pixels)
            return pixels
        }
    }
}
