import Foundation
import MailboxFootage
import MailboxFootageDecoding
import Testing
import WalkthroughDamage

/// The ffmpeg command, where it is installed.
private let ffmpeg: String? = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Our frames against an independent decoder's, the ffmpeg command's (installed by `make test`; the tests say they
/// skip where it is absent): a GIF's composed frames byte for byte, a video's converted frames within 3 a channel.
@Suite(.enabled(if: ffmpeg != nil, "ffmpeg is not installed")) struct IndependentDecoderTests {
    /// Every frame ffmpeg decodes from `path`, as RGB24 bytes, one frame per stored frame.
    static func ffmpegFrames(_ path: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg!)
        process.arguments = [
            "-v", "error", "-i", path, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return [UInt8](data)
    }

    static func rgb(_ frames: [FootageFrame]) -> [UInt8] {
        var bytes: [UInt8] = []
        for frame in frames {
            for p in frame.pixels { bytes += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF)] }
        }
        return bytes
    }

    @Test func aGIFsFramesAreFFmpegsByteForByte() throws {
        let path = try Recording.make("walk.gif")
        #expect(Self.rgb(try readAll(path: path).1) == (try Self.ffmpegFrames(path)))
        // LICEcap's form too: partial rectangles with transparency, a table each, disposal 0, merged stills.
        let damaged = try readAll(path: path).1.cropped(bottom: 44).resampled(every: 0.15).mergingStillFrames()
            .withCursor { CursorPlacement(x: 150 + $0.index, y: 150) }
        let file = path + ".licecap.gif"
        try Data(LICEcapGIF.encode(damaged)).write(to: URL(fileURLWithPath: file))
        #expect(Self.rgb(try readAll(path: file).1) == (try Self.ffmpegFrames(file)))
    }

    @Test func aVideosFramesAreFFmpegsWithinThree() throws {
        let path = try Recording.make("walk.mp4")
        let ours = Self.rgb(try readAll(path: path).1)
        let theirs = try Self.ffmpegFrames(path)
        #expect(ours.count == theirs.count)
        let worst = zip(ours, theirs).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        #expect(worst <= 3)
    }
}
