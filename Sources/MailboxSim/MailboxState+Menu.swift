import MailboxAnimation
import MailboxText

/// The menu: an edge pan drags the content right; release continues in the finger's direction.
extension MailboxState {
    /// Where the content goes when the finger lifts: the way the finger was moving, or the nearer end.
    static func menuTarget(x: Double, velocity: Double) -> Double {
        if velocity > 0 { return Metrics.menuOpenX }
        if velocity < 0 { return 0 }
        return x > Metrics.menuOpenX / 2 ? Metrics.menuOpenX : 0
    }

    mutating func releaseContent(velocity: Double) {
        let x = contentX
        let target = MailboxState.menuTarget(x: x, velocity: velocity)
        let open = target == Metrics.menuOpenX
        log(.view(.content), .gestureEnded(value: x, velocity: velocity, outcome: .menu(opening: open)))
        moveContent(to: target)
    }

    /// `tap menu`: opens a closed (or closing) menu, closes an open (or opening) one.
    mutating func toggleMenu() {
        moveContent(to: contentX == Metrics.menuOpenX ? 0 : Metrics.menuOpenX)
    }

    /// Content already at `target` (released where it rests, or `tap menu` again before it moved) settles
    /// at once: `animate` starts no animation for a change to the value a view already has.
    private mutating func moveContent(to target: Double) {
        animate(PropertyKey(.content, .x), to: target, over: Durations.menu,
                then: .menuSettled(open: target == Metrics.menuOpenX))
    }
}
