import MailboxSim

/// Keeps the screen at each frame instant of `clock` while lines run on a session, as `Recorder` does for a
/// walkthrough (without one): a frame inside a command as the run passes it, a frame between commands showing
/// the screen after them. For `history`'s plots of the last gesture, so it starts at that gesture's instant.
final class FrameSampler: FrameWatcher {
    let clock: FrameClock
    /// The most frames kept; past it the rest of the lines run unwatched.
    let maxFrames: Int
    private(set) var screens: [ScreenSnapshot] = []
    /// The next frame to keep, an index of `clock` (an `Int64`: the clock's frames pass a 32-bit `Int`).
    private var next: Int64 = 0
    /// The screen before the line running.
    var before: MailboxState?

    init(clock: FrameClock, maxFrames: Int) {
        self.clock = clock
        self.maxFrames = maxFrames
    }

    var frameClock: FrameClock? { screens.count < maxFrames ? clock : nil }

    /// Starts the frames at `screen`'s instant (the first frame instant at or after it).
    func start(at screen: MailboxState) {
        let k = clock.frame(atOrBefore: screen.now)
        next = clock.instant(k) == screen.now ? k : k + 1
        screens = []
        fill(through: k, with: screen)
    }

    func saw(_ screen: MailboxState) -> Bool {
        let k = clock.frame(atOrBefore: screen.now)
        if let before { fill(through: k - 1, with: before) }
        fill(through: k, with: screen)
        return screens.count < maxFrames
    }

    /// The line has run: the frames up to its end show the screen after it. A line that took the clock back (a
    /// `reset`) starts the frames again there.
    func after(_ screen: MailboxState) {
        if let before, screen.now < before.now {
            start(at: screen)
        } else {
            fill(through: clock.frame(atOrBefore: screen.now), with: screen)
        }
        before = nil
    }

    private func fill(through k: Int64, with screen: MailboxState) {
        guard next <= k, screens.count < maxFrames else { return }
        let snapshot = screen.snapshot()
        while next <= k && screens.count < maxFrames {
            screens.append(snapshot)
            next += 1
        }
    }
}
