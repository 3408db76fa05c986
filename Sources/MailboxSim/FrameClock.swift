import MailboxAnimation

/// The instants a recorder looks at the screen: frame k is at k / framesPerSecond seconds (rounded down to
/// the nanosecond). A frame's number is an `Int64` on every platform: the clock runs to about 292 years, which at
/// 240 fps is 2.2 × 10¹² frames, past a 32-bit `Int` (the page's) after 103 days at 240 fps and 414 at 60.
public struct FrameClock: Equatable, Sendable {
    public let framesPerSecond: Int

    public init(framesPerSecond: Int) {
        precondition(framesPerSecond > 0)
        self.framesPerSecond = framesPerSecond
    }

    /// The instant of frame `k`; past the clock's last instant (the first frame after it), that last instant.
    public func instant(_ k: Int64) -> Ticks {
        let perSecond = Ticks.perSecond
        let n = Int64(framesPerSecond)
        // k·10⁹ / N without overflowing for any k a clock can reach; a frame past its end saturates.
        let (whole, overflowed) = (k / n).multipliedReportingOverflow(by: perSecond)
        let (sum, past) = whole.addingReportingOverflow((k % n) * perSecond / n)
        guard !overflowed && !past else { return Ticks(nanoseconds: k < 0 ? .min : .max) }
        return Ticks(nanoseconds: sum)
    }

    /// The last frame at or before `t` (t ≥ 0).
    public func frame(atOrBefore t: Ticks) -> Int64 {
        let n = Int64(framesPerSecond)
        let whole = t.nanoseconds / Ticks.perSecond
        let rest = t.nanoseconds % Ticks.perSecond
        var k = whole * n + rest * n / Ticks.perSecond
        // The next frame's instant, unless it is past the clock's end (saturated: no frame is there).
        while instant(k + 1) <= t && instant(k + 1).nanoseconds < .max { k += 1 }
        while k > 0 && instant(k) > t { k -= 1 }
        return k
    }
}

/// Watches the one run of an action that takes time (a recorder): the model shows it the screen at each instant of
/// its clock strictly inside the time the action takes, as the run passes through it (a pan's row where its last
/// sample left it, animations at that instant), so recording costs no second simulation.
public protocol FrameWatcher {
    /// The instants to be shown; nil for no one watching.
    var frameClock: FrameClock? { get }
    /// The screen at one of them; false: show no more of this action.
    func saw(_ screen: MailboxState) -> Bool
    /// Asked before an action shows the instants up to `target`: false shows none of them (a recorder that
    /// would hold too many frames refuses at once, before drawing any).
    func willShow(until target: Ticks) -> Bool
}

extension FrameWatcher {
    public func willShow(until target: Ticks) -> Bool { true }
}

/// No one watching: the plain path, compiled without the watcher's (the send is generic over the watcher).
public struct Unwatched: FrameWatcher {
    public init() {}
    @inline(__always) public var frameClock: FrameClock? { nil }
    @inline(__always) public func saw(_ screen: MailboxState) -> Bool { false }
}

/// Where a watched action has shown its frames up to.
struct FrameCursor {
    /// Frames at or before this instant have been shown (or precede the action).
    var after: Ticks
    var looking = true
}

extension MailboxState {
    /// Moves the clock to `target`, first showing `watcher` the screen at each of its frame instants after
    /// `cursor` and before `target`.
    @inline(__always)
    mutating func advanceClock(to target: Ticks, watcher: some FrameWatcher, cursor: inout FrameCursor) {
        if cursor.looking, let clock = watcher.frameClock {
            guard watcher.willShow(until: target) else {
                cursor.looking = false
                advanceClock(to: target)
                return
            }
            var k = clock.frame(atOrBefore: cursor.after) + 1
            while clock.instant(k) < target {
                let t = clock.instant(k)
                advanceClock(to: t)
                cursor.after = t
                guard watcher.saw(self) else {
                    cursor.looking = false
                    break
                }
                k += 1
            }
        }
        advanceClock(to: target)
    }
}
