import MailboxAnimation

/// The menu: an edge pan drags the content right; release continues in the finger's direction.
extension MailboxState {
    /// Where the content goes when the finger lifts: the way the finger was moving, or the nearer end
    /// (SPEC); or, with `menu.release position N`, open from N on and closed below it.
    func menuTarget(x: Double, velocity: Double) -> Double {
        let open = settings.menuOpenX
        switch settings.menuRelease {
        case .position(let threshold):
            return x >= threshold ? open : 0
        case .velocity:
            if velocity > 0 { return open }
            if velocity < 0 { return 0 }
            return x > open / 2 ? open : 0
        }
    }

    mutating func releaseContent(velocity: Double) {
        let x = contentX
        let target = menuTarget(x: x, velocity: velocity)
        let open = target == settings.menuOpenX
        log(.view(.content), .gestureEnded(value: x, velocity: velocity, outcome: .menu(opening: open)))
        moveContent(to: target)
    }

    /// `tap menu`: opens a closed (or closing) menu, closes an open (or opening) one.
    mutating func toggleMenu() {
        moveContent(to: contentX == settings.menuOpenX ? 0 : settings.menuOpenX)
    }

    /// Content already at `target` (released where it rests, or `tap menu` again before it moved) settles
    /// at once: `animate` starts no animation for a change to the value a view already has.
    private mutating func moveContent(to target: Double) {
        animate(PropertyKey(.content, .x), to: target, as: .menu,
                then: .menuSettled(open: target == settings.menuOpenX))
    }
}
