import MailboxAnimation
import MailboxRaster
import MailboxReports
import MailboxScript
import MailboxSim
import MailboxText
import MailboxWalkthrough

/// What `POST /walkthrough` and `POST /walkthrough.gif` answer: `mailsim record`'s HTML player and GIF of a script.
public enum PlaygroundExports {
    /// The frame rate, playback speed and GIF scale of an export (`mailsim record`'s defaults).
    public static let framesPerSecond = 30
    public static let speed = 1.0
    public static let gifScale = 1
    /// The most frames an export has (as `mailsim record`).
    public static let maxFrames = 18_001

    /// The HTML player of `script`.
    public static func walkthroughHTML(script: String, isCancelled: @escaping @Sendable () -> Bool = { false }) -> Result<String, PlaygroundExportError> {
        walkthrough(script, isCancelled).map { HTMLPlayer.page($0, speed: speed) }
    }

    /// The animated GIF of `script`.
    public static func walkthroughGIF(script: String, isCancelled: @escaping @Sendable () -> Bool = { false }) -> Result<[UInt8], PlaygroundExportError> {
        switch walkthrough(script, isCancelled) {
        case .failure(let error): return .failure(error)
        case .success(let walkthrough):
            do { return .success(try WalkthroughGIF.encode(walkthrough, scale: gifScale, speed: speed)) } catch {
                return .failure(.init("the GIF could not be made: \(error.message)"))
            }
        }
    }

    /// Plays `script` under a recorder, as `mailsim record` does.
    static func walkthrough(_ script: String, _ isCancelled: @escaping @Sendable () -> Bool) -> Result<Walkthrough, PlaygroundExportError> {
        guard script.utf8.count <= PlaygroundLimits.scriptBytes else {
            return .failure(.init("the script is longer than \(PlaygroundLimits.scriptBytes / 1024) KiB"))
        }
        if let refused = ScriptLines.lines(of: Array(script.utf8)).enumerated().first(where: {
            if case .text(let text) = $0.element { PlaygroundLines.touchesFiles(text) != nil } else { false }
        }) {
            return .failure(.init("playground:\(refused.offset + 1): error: the script touches files"))
        }
        let recorder = Recorder(clock: FrameClock(framesPerSecond: framesPerSecond), maxFrames: maxFrames)
        var runner = LineRunner(file: "playground", sink: ScriptRun(file: "playground", output: NoOutput(), observer: recorder))
        var session = Session()
        let bytes = Array(script.utf8)
        bytes.withUnsafeBufferPointer { _ = runner.feed($0, session: &session) }
        runner.finish(session: &session, requiringFingerUp: true)
        if isCancelled() { return .failure(.init("the walkthrough took too long")) }
        if recorder.overflowed { return .failure(.init("the walkthrough would be longer than \(maxFrames) frames at \(framesPerSecond) fps")) }
        var walkthrough = recorder.finish(file: "playground", session: session)
        walkthrough.attach(runner.sink.report)
        return .success(walkthrough)
    }
}

/// Why an export could not be made.
public struct PlaygroundExportError: Error, Equatable, Sendable {
    public let message: String
    public init(_ message: String) { self.message = message }
}
