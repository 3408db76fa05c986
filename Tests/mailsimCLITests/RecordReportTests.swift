import Foundation
import Testing

/// What `mailsim record` says, through the binary: the `wrote` line (frames counted in the GIF it wrote, bytes
/// from the filesystem) and the warning that a GIF above 50 frames a second plays slower than it says.
@Suite struct RecordReportTests {
    static let script = "pan msg1 -180 in 0.2\nrelease\nsettle\ntap\nsettle\n"

    /// Records `script` into a fresh folder's a.gif; what mailsim said, and the GIF's bytes.
    static func record(_ arguments: [String]) throws -> (CLI.Result, [UInt8], URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mailsim-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try script.write(to: folder.appendingPathComponent("s.mbs"), atomically: true, encoding: .utf8)
        let result = try CLI.run(["record", "s.mbs", "-o", "a.gif"] + arguments, in: folder)
        let bytes = (try? Data(contentsOf: folder.appendingPathComponent("a.gif"))).map { [UInt8]($0) } ?? []
        return (result, bytes, folder)
    }

    /// The number of images in a GIF, by walking its blocks (nil when it is not a well-formed GIF).
    static func gifFrames(_ gif: [UInt8]) -> Int? {
        guard gif.count >= 13, gif[0..<6].elementsEqual(Array("GIF89a".utf8)) else { return nil }
        var at = 13
        if gif[10] & 0x80 != 0 { at += 3 << (Int(gif[10] & 7) + 1) }
        func skipSubBlocks() -> Bool {
            while at < gif.count {
                let size = Int(gif[at])
                at += 1 + size
                if size == 0 { return at <= gif.count }
            }
            return false
        }
        var frames = 0
        while at < gif.count {
            switch gif[at] {
            case 0x3B:
                return at == gif.count - 1 ? frames : nil
            case 0x21:
                at += 2
                guard skipSubBlocks() else { return nil }
            case 0x2C:
                guard at + 10 <= gif.count else { return nil }
                let packed = gif[at + 9]
                at += 10
                if packed & 0x80 != 0 { at += 3 << (Int(packed & 7) + 1) }
                at += 1  // LZW minimum code size
                guard skipSubBlocks() else { return nil }
                frames += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// 1713860 → "1,713,860".
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        return String(digits.enumerated().flatMap { i, d in (i > 0 && (digits.count - i) % 3 == 0) ? [",", d] : [d] })
    }

    @Test func recordSaysHowManyFramesAndBytesItWrote() throws {
        let (result, gif, folder) = try Self.record([])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "no warning at 30 fps: \(result.stderr)")
        let frames = try #require(Self.gifFrames(gif), "a well-formed GIF")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("a.gif").path)[.size] as? Int
        )
        #expect(size == gif.count)
        let seconds = Double(frames) / 30
        let lines = result.stdoutLines
        let wrote = try #require(lines.last)
        #expect(wrote.hasPrefix("wrote a.gif (GIF): \(frames) frames, "), "\(wrote)")
        #expect(wrote.hasSuffix(" s at 30 fps, \(Self.grouped(size)) bytes"), "\(wrote)")
        let shown = wrote.split(separator: ", ")[1].split(separator: " ")[0]
        #expect(abs((Double(shown) ?? -1) - seconds) < 0.0005, "the length is frames / fps: \(wrote)")
        #expect(frames > 10)
    }

    @Test func aGIFAbove50FramesASecondWarnsOnStandardError() throws {
        let (result, gif, folder) = try Self.record(["--fps", "60"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "warning: a GIF's frame delays are whole centiseconds, and browsers play delays under 2 cs "
                + "as 10 cs: at 60 frames a second (--fps 60) this walkthrough will play slower than it should; "
                + "use 50 frames a second or fewer, or -o FILE.webp, .mp4 or .webm\n")
        let frames = try #require(Self.gifFrames(gif))
        #expect(result.stdoutLines.last?.hasPrefix("wrote a.gif (GIF): \(frames) frames, ") == true, "\(result.stdout)")
        #expect(!result.stdout.contains("warning"), "the warning goes to standard error")
    }

    @Test func fiftyFramesASecondPlaysRightAndSaysNothing() throws {
        let (result, _, folder) = try Self.record(["--fps", "50"])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }
}
