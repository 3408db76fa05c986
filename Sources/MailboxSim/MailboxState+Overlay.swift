import MailboxAnimation

/// The options overlays: shown after a left swipe, dismissed by tap, choose or tap cancel.
extension MailboxState {
    /// Fades an overlay in, or queues it while another is on screen.
    mutating func presentOverlay(_ overlay: Overlay) {
        guard self.overlay == nil else {
            pendingOverlays.append(overlay)
            log(.view(.row(overlay.message)), .overlayQueued(overlay.kind))
            return
        }
        self.overlay = overlay
        log(.view(.overlay), .overlayShown(overlay.kind))
        let alpha = PropertyKey(.overlay, .alpha)
        if settings.overlayAppear == .instant { return place(alpha, at: 1) }
        animate(alpha, to: 1, as: .fade)
    }

    /// Starts fading the overlay out; what follows depends on how it was dismissed.
    mutating func dismissOverlay(_ current: Overlay, _ dismissal: Overlay.Dismissal) throws(MailboxError) {
        guard current.dismissal == nil else { throw .overlayClosing(current.kind) }
        var next = current
        next.dismissal = dismissal
        overlay = next
        if case .finish(let option?) = dismissal {
            switch current.kind {
            case .reschedule: rows[current.message.index].snoozeOption = OverlayOption(.reschedule, named: option)
            case .list: rows[current.message.index].listOption = OverlayOption(.list, named: option)
            }
        }
        log(.view(.overlay), .overlayDismissed(current.kind, dismissal))
        let alpha = PropertyKey(.overlay, .alpha)
        if settings.overlayDismiss == .instant { return place(alpha, at: 0, then: .overlayFadedOut) }
        animate(alpha, to: 0, as: .fade, then: .overlayFadedOut)
    }

    mutating func overlayFadedOut() {
        guard let gone = overlay else { return }
        overlay = nil
        log(.view(.overlay), .overlayGone(gone.kind))
        let id = gone.message
        switch gone.dismissal {
        case .cancel?:
            animate(PropertyKey(.row(id), .x), to: 0, as: .slide, then: .slideBackEnded(id))
        case .finish?, nil:
            hide(id, record: gone.undo)
        }
        if !pendingOverlays.isEmpty {
            presentOverlay(pendingOverlays.removeFirst())
        }
    }
}
