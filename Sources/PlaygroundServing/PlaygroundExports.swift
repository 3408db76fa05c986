import MailboxAnimation
import MailboxGIF
import MailboxMovie
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
    /// The GIF's scale: one pixel a point (a GIF of the whole session stays small).
    public static let gifScale = 1

    /// The HTML player of `script`. `isCancelled` ends the work at the bound of `seconds`, which its words name.
    public static func walkthroughHTML(
        script: String, seconds: Double = PlaygroundLimits.exportSeconds,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<String, PlaygroundExportError> {
        PlaygroundRecording.walkthrough(script, seconds: seconds, isCancelled: isCancelled).map {
            HTMLPlayer.page($0, speed: PlaygroundRecording.speed)
        }
    }

    /// The animated GIF of `script`, coded as it plays. `isCancelled` ends the work at the bound of `seconds`, which
    /// its words name.
    public static func walkthroughGIF(
        script: String, seconds: Double = PlaygroundLimits.exportSeconds,
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) -> Result<[UInt8], PlaygroundExportError> {
        let bytes = CappedMemorySink(limit: PlaygroundLimits.exportBytes)
        let movie = WalkthroughMovie(
            .gif, scale: gifScale, speed: PlaygroundRecording.speed,
            clock: FrameClock(framesPerSecond: PlaygroundRecording.framesPerSecond), sink: bytes)
        return PlaygroundRecording.play(script, sink: movie, seconds: seconds, isCancelled: isCancelled).flatMap { _ in
            guard movie.frames > 0 else { return .failure(.init("the walkthrough has no frames")) }
            do { try movie.finish() } catch {
                return .failure(.init("the GIF could not be made: \((error as? RasterError)?.message ?? "\(error)")"))
            }
            return .success(bytes.bytes)
        }
    }
}
