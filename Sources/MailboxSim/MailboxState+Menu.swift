import MailboxAnimation

/// The menu: an edge pan drags the content right; release continues in the finger's direction.
extension MailboxState {
    /// Where the content goes when the finger lifts, by `MenuRule` with the settings in force: the way the finger
    /// was moving, or at velocity 0 the nearer end (SPEC) or closed (`menu.still close`); with `menu.release
    /// position N`, open from N on; with `menu.release distance N`, by how far the finger moved from closed
    /// (`fromClosed`) or open (seed 002's app: `translation.x > 90`, `translation.x > -90`).
    func menuTarget(x: Double, velocity: Double, translation: Double = 0, fromClosed: Bool = true) -> Double {
        MenuRule.target(
            x: x, velocity: velocity, translation: translation, fromClosed: fromClosed, open: settings.menuOpenX,
            release: settings.menuRelease, still: settings.menuStill)
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
