import MailboxAnimation
import MailboxGIF
import MailboxScene
import MailboxScript
import MailboxSim

/// Plays a script and keeps the screen at every frame instant k / fps, from 0 to the script's last instant.
/// A frame inside a command that takes time (a pan, `advance`, `settle`) shows that instant; a frame at the
/// instant between commands shows the screen after every command at that instant. A `reset` does not take
/// the walkthrough's time back: its frames go on after what came before.
///
/// Given a first line past 1, the lines before it run unrecorded: the walkthrough starts at the screen and instant
/// that line starts from (its frame 0, time 0), and shows the lines from it on.
///
/// Given a sink, the recorder keeps no frame: each goes to the sink as it is made (a walkthrough written as it
/// is played, in flat memory), and the walkthrough it finishes has no frames.
public final class Recorder: ScriptObserver {
    public let clock: FrameClock
    /// The most frames a walkthrough may have; past it the recording stops and `overflowed` is set.
    public let maxFrames: Int
    public private(set) var overflowed = false
    /// Why the sink refused a frame; the recording stopped there.
    public private(set) var sinkError: RasterError?
    private let sink: WalkthroughFrameSink?
    /// The first line recorded; nil once it has started.
    private var waitingFor: Int?

    private var frames: [WalkthroughFrame] = []
    /// Frames recorded (kept or handed to the sink).
    public private(set) var frameCount = 0
    private var lines: [ScriptLine] = []
    private var events: [WalkthroughEvent] = []
    private var problems: [WalkthroughProblem] = []
    /// The screen before the line running, and that line.
    private var before: MailboxState?
    private var running: Int?
    /// The last line that acted on the screen, for captions between commands.
    private var lastAction: Int?
    /// The walkthrough frame that is the screen's frame 0 (it moves on at a `reset`). Frame numbers are the
    /// clock's `Int64`s: a screen's clock may be past a 32-bit `Int` of frames; the recorded ones are under
    /// `maxFrames`.
    private var base: Int64 = 0

    public init(clock: FrameClock, maxFrames: Int = 18_000, sink: WalkthroughFrameSink? = nil, fromLine first: Int = 1)
    {
        self.clock = clock
        self.maxFrames = maxFrames
        self.sink = sink
        waitingFor = first > 1 ? first : nil
    }

    /// Whether line `number` is before the first recorded; at the first, the walkthrough's frame 0 becomes the
    /// session's instant now (on a frame: the one at or before it).
    private func waits(before number: Int, session: Session) -> Bool {
        guard let first = waitingFor else { return false }
        guard number >= first else { return true }
        waitingFor = nil
        base = -clock.frame(atOrBefore: session.screen.now)
        return false
    }

    /// Frames past the limit are refused before any is made: a command that would go past it stops the
    /// recording at once.
    public func willShow(until target: Ticks) -> Bool {
        guard !overflowed && sinkError == nil && waitingFor == nil else { return false }
        if base + clock.frame(atOrBefore: target) >= Int64(maxFrames) { overflowed = true }
        return !overflowed
    }

    public func willRun(line number: Int, text: String, session: Session) {
        guard !waits(before: number, session: session) else { return }
        lines.append(ScriptLine(number: number, text: text))
        before = session.screen
        running = number
    }

    public func saw(_ screen: MailboxState) -> Bool {
        guard waitingFor == nil else { return false }
        if let before { catchUp(to: before, caption: lastAction ?? running) }
        return add(screen, caption: running)
    }

    public func didRun(line number: Int, session: Session, outcome: Session.Outcome?) {
        guard waitingFor == nil, let before else { return }
        let after = session.screen
        if after.now < before.now {
            // A reset: the new screen's time 0 is the instant of the reset (on a frame: the next one when the
            // reset falls between two), and the frames before it show the screen as it was.
            let k = clock.frame(atOrBefore: before.now)
            let start = base + k + (clock.instant(k) == before.now ? 0 : 1)
            catchUp(to: before, caption: lastAction ?? running, before: start)
            base = start
        } else if after.now > before.now {
            catchUp(to: before, caption: lastAction ?? running)
            // Frames strictly inside were seen; those at the new instant wait for the commands there.
        }
        if let outcome {
            if outcome.acted { lastAction = number }
            let offset = clock.instant(base)
            for entry in outcome.trace { events.append(WalkthroughEvent(time: offset + entry.time, entry: entry)) }
            if outcome.check?.failure != nil { problem(at: number, after) }
        } else {
            problem(at: number, after)
        }
        self.before = nil
        running = nil
    }

    /// Ends the recording: the frames up to the script's last instant (attach the run's report after).
    public func finish(file: String, session: Session) -> Walkthrough {
        if waitingFor != nil {
            // The first line recorded was never reached: the walkthrough is the screen at the end.
            waitingFor = nil
            base = -clock.frame(atOrBefore: session.screen.now)
        }
        catchUp(to: session.screen, caption: lastAction)
        return Walkthrough(
            file: file, clock: clock, frames: frames, lines: lines, timeline: events, problems: problems,
            report: RunReport(file: file))
    }

    /// Adds the frames up to `screen`'s instant (inclusive; or up to frame `limit`, exclusive) showing `screen`.
    private func catchUp(to screen: MailboxState, caption: Int?, before limit: Int64? = nil) {
        let last = limit.map { $0 - 1 } ?? base + clock.frame(atOrBefore: screen.now)
        guard Int64(frameCount) <= last, !overflowed, sinkError == nil else { return }
        guard last < Int64(maxFrames) else {
            overflowed = true
            return
        }
        let snapshot = screen.snapshot()
        while Int64(frameCount) <= last && sinkError == nil {
            append(WalkthroughFrame(time: clock.instant(Int64(frameCount)), screen: snapshot, line: caption))
        }
    }

    /// Adds the frame at `screen`'s instant (a frame instant inside a command).
    private func add(_ screen: MailboxState, caption: Int?) -> Bool {
        guard !overflowed, sinkError == nil else { return false }
        guard frameCount < maxFrames else {
            overflowed = true
            return false
        }
        append(WalkthroughFrame(time: clock.instant(Int64(frameCount)), screen: screen.snapshot(), line: caption))
        return sinkError == nil
    }

    private func append(_ frame: WalkthroughFrame) {
        frameCount += 1
        guard let sink else {
            frames.append(frame)
            return
        }
        let text = frame.line.flatMap { number in lines.last { $0.number == number }?.text } ?? "(start)"
        do throws(RasterError) {
            try sink.add(
                frame, caption: Caption(line: frame.line, text: text.trimmingBlanksForCaption, time: frame.time))
        } catch {
            sinkError = error
        }
    }

    private func problem(at line: Int, _ screen: MailboxState) {
        // Under `frameCount`, so an `Int` on every platform.
        let frame = Int(clamping: max(0, min(Int64(frameCount), base + clock.frame(atOrBefore: screen.now))))
        problems.append(
            WalkthroughProblem(
                line: line, time: clock.instant(base) + screen.now, frame: frame,
                screen: screen.snapshot(), diagnostic: nil))
    }
}
