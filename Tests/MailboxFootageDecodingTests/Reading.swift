import Foundation
import MailboxFootage
import MailboxFootageDecoding

/// Reads a walkthrough and keeps every frame (the tests' walkthroughs are small).
func readAll(bytes: [UInt8], limits: FootageLimits = .standard) throws(FootageError) -> (
    FootageSummary, [FootageFrame]
) {
    var frames: [FootageFrame] = []
    let summary = try FootageReader.read(bytes: bytes, limits: limits) { frames.append($0) }
    return (summary, frames)
}

func readAll(path: String) throws(FootageError) -> (FootageSummary, [FootageFrame]) {
    var frames: [FootageFrame] = []
    let summary = try FootageReader.read(path: path) { frames.append($0) }
    return (summary, frames)
}

/// The error reading `bytes` gives (nil: it was read).
func refusal(_ bytes: [UInt8], limits: FootageLimits = .standard) -> String? {
    do {
        _ = try FootageReader.read(bytes: bytes, limits: limits) { _ in }
        return nil
    } catch {
        return error.description
    }
}

/// `mailsim record`, the binary built beside the tests, run on a script into a folder of its own.
enum Recording {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let binary: URL = {
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("mailsim")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/mailsim")
    }()

    /// A left swipe into the gray zone, held, then let go: it snaps back (SPEC §1's gray, #B2B2B2, revealed).
    static let swipe = """
        pan msg1 -40
        advance 0.5
        release
        settle
        advance 0.5

        """

    /// Records `script` as `name` (its extension chooses the format) at 10 fps, scale 1: the file's path.
    static func make(_ name: String, script: String = swipe, fps: Int = 10) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "footage-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scriptFile = folder.appendingPathComponent("walk.mbs")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent(name)
        let process = Process()
        process.executableURL = binary
        process.arguments = [
            "record", scriptFile.path, "-o", output.path, "--fps", String(fps), "--scale", "1", "--color", "never"
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw RecordingFailed(status: process.terminationStatus) }
        return output.path
    }

    struct RecordingFailed: Error { let status: Int32 }
}

/// The largest difference in one channel between two 0xRRGGBB colours.
func channelDistance(_ a: UInt32, _ b: UInt32) -> Int {
    [16, 8, 0].map { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) }.max()!
}

/// A file copied, for the tests that rename one.
enum FileManagerLink {
    static func copy(_ from: String, _ to: String) throws {
        try FileManager.default.copyItem(atPath: from, toPath: to)
    }
}
