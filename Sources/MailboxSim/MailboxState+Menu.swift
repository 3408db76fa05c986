import MailboxAnimation

/// The menu: an edge pan drags the content right; release continues in the finger's direction.
extension MailboxState {
    /// Where the content goes when the finger lifts: the way the finger was moving, or at velocity 0 the nearer
    /// end (SPEC) or closed (`menu.still close`); with `menu.release position N`, open from N on and closed
    /// below it; with `menu.release distance N`, by how far the finger moved from closed (`fromClosed`) or open.
    func menuTarget(x: Double, velocity: Double, translation: Double = 0, fromClosed: Bool = true) -> Double {
        let open = settings.menuOpenX
        switch settings.menuRelease {
        case .position(let threshold):
            return x >= threshold ? open : 0
        case .distance(let n):
            // Seed 002's app: from closed, open when moved more than N right; from open, stay unless moved N or
            // more left (`translation.x > 90`, `translation.x > -90`).
            return (fromClosed ? translation > n : translation > -n) ? open : 0
        case .velocity:
            if velocity > 0 { return open }
            if velocity < 0 { return 0 }
            if settings.menuStill == .close { return 0 }
            return x > open / 2 ? open : 0
        }
    }

    mutating func releaseContent(velocity: Double, translation: Double, fromClosed: Bool) {
        let x = contentX
        let target = menuTarget(x: x, velocity: velocity, translation: translation, fromClosed: fromClosed)
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
        animate(
            PropertyKey(.content, .x), to: target, as: .menu,
            then: .menuSettled(open: target == settings.menuOpenX))
    }
}
