import MailboxAnimation
import MailboxPlayground
import MailboxRaster
import MailboxReports
import MailboxScene
import MailboxScript
import MailboxSim
import MailboxText
import MailboxWalkthrough

/// What `POST /walkthrough` and `POST /walkthrough.gif` answer: `mailsim record`'s HTML player and GIF of a script.
///
/// Both are bounded while they run: `isCancelled` is polled before every line and inside every long
/// command, so an export stops at its deadline, not after it; the GIF is coded frame by frame as the script plays
/// (nothing but the frame before is kept), and the player's frames, which it must keep, are bounded by
/// `PlaygroundLimits.exportRowFrames` (frames times rows on the screen, what their memory grows with).
public enum PlaygroundExports {
    /// The frame rate, playback speed and GIF scale of an export (`mailsim record`'s defaults).
    public static let framesPerSecond = 30
    public static let speed = 1.0
    public static let gifScale = 1
    /// The most frames an export has (as `mailsim record`).
    public static let maxFrames = 18_001

    /// The HTML player of `script`. `isCancelled` ends the work at the bound of `seconds`, which its words name.
    public static func walkthroughHTML(
        script: String, seconds: Double = PlaygroundLimits.exportSeconds,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<String, PlaygroundExportError> {
        let frames = KeptFrames(rowFrames: PlaygroundLimits.exportRowFrames)
        return play(script, sink: frames, seconds: seconds, isCancelled).flatMap { walkthrough in
            var walkthrough = walkthrough
            walkthrough.frames = frames.frames
            guard !walkthrough.frames.isEmpty else { return .failure(.init("the walkthrough has no frames")) }
            return .success(HTMLPlayer.page(walkthrough, speed: speed))
        }
    }

    /// The animated GIF of `script`, coded as it plays. `isCancelled` ends the work at the bound of `seconds`, which
    /// its words name.
    public static func walkthroughGIF(
        script: String, seconds: Double = PlaygroundLimits.exportSeconds,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<[UInt8], PlaygroundExportError> {
        let bytes = CappedBytes(limit: PlaygroundLimits.exportBytes)
        let movie = WalkthroughMovie(
            .gif, scale: gifScale, speed: speed, clock: FrameClock(framesPerSecond: framesPerSecond), sink: bytes)
        return play(script, sink: movie, seconds: seconds, isCancelled).flatMap { _ in
            guard movie.frames > 0 else { return .failure(.init("the walkthrough has no frames")) }
            do { try movie.finish() } catch {
                return .failure(.init("the GIF could not be made: \((error as? RasterError)?.message ?? "\(error)")"))
            }
            return .success(bytes.bytes)
        }
    }

    /// Plays `script` under a recorder that hands each frame to `sink`, as `mailsim record` does.
    static func play(
        _ script: String, sink: WalkthroughFrameSink, seconds: Double,
        _ isCancelled: @escaping @Sendable () -> Bool
    ) -> Result<Walkthrough, PlaygroundExportError> {
        guard script.utf8.count <= PlaygroundLimits.scriptBytes else {
            return .failure(.init("the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB"))
        }
        if let refused = ScriptLines.lines(of: Array(script.utf8)).enumerated().first(where: {
            if case .text(let text) = $0.element { PlaygroundLines.touchesFiles(text) != nil } else { false }
        }) {
            return .failure(.init("playground:\(refused.offset + 1): error: the script touches files"))
        }
        let recorder = Recorder(clock: FrameClock(framesPerSecond: framesPerSecond), maxFrames: maxFrames, sink: sink)
        var runner = LineRunner(
            file: "playground",
            sink: ScriptRun(
                file: "playground", output: NoOutput(), observer: recorder,
                isCancelled: isCancelled))
        var session = Session()
        let bytes = Array(script.utf8)
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        if isCancelled() {
            return .failure(.init("the walkthrough took longer than \(formatNumber(seconds)) s and was stopped"))
        }
        if recorder.overflowed {
            return .failure(.init("the walkthrough would be longer than \(maxFrames) frames at \(framesPerSecond) fps"))
        }
        if let error = recorder.sinkError { return .failure(.init(error.message)) }
        var walkthrough = recorder.finish(file: "playground", session: session)
        walkthrough.attach(runner.sink.report)
        return .success(walkthrough)
    }
}

/// The player's frames, kept as they come while frames times rows stay within a budget; past it the recording
/// stops with the reason.
final class KeptFrames: WalkthroughFrameSink {
    private(set) var frames: [WalkthroughFrame] = []
    private var rowFrames = 0
    let budget: Int

    init(rowFrames budget: Int) { self.budget = budget }

    func add(_ frame: WalkthroughFrame, caption: Caption) throws(RasterError) {
        rowFrames += max(1, frame.screen.rows.count)
        guard rowFrames <= budget else {
            throw RasterError(
                "the walkthrough is too big to play in a page: \(frames.count) frames of up to "
                    + "\(frame.screen.rows.count) rows (at most \(budget) frames times rows); "
                    + "record a shorter script or one with fewer messages"
            )
        }
        frames.append(frame)
    }
}

/// The GIF's bytes as they are coded, refused past `limit` (the recording stops there with the reason).
final class CappedBytes: ByteSink {
    private(set) var bytes: [UInt8] = []
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func write(_ chunk: UnsafeRawBufferPointer) throws(RasterError) {
        guard bytes.count + chunk.count <= limit else {
            throw RasterError("the GIF would be larger than \(limit >> 20) MiB; record a shorter script")
        }
        bytes.append(contentsOf: chunk)
    }
}

/// Why an export could not be made.
public struct PlaygroundExportError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
