import MailboxAnimation

/// The segmented control: the chosen segment's view slides in from its side, the current one leaves the
/// other way.
extension MailboxState {
    mutating func select(_ segment: Segment) {
        let current = segments.selected
        guard segment != current else { return }
        let fromLeft = segment.index < current.index
        segments.selected = segment
        log(.screen, .segmentSelected(segment))
        let entering = PropertyKey(.segmentView(segment), .x)
        if animator.animation(for: entering) == nil {
            setModelValue(entering, .scalar(fromLeft ? -Metrics.screenWidth : Metrics.screenWidth))
        }
        let delay = settings.segmentDelay
        animate(
            PropertyKey(.segmentView(current), .x), to: fromLeft ? Metrics.screenWidth : -Metrics.screenWidth,
            as: .segment, delay: delay)
        animate(entering, to: 0, as: .segment, delay: delay, then: .segmentSettled(segment))
    }
}
