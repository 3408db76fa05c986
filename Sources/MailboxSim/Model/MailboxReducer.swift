/// The reducer: every change to the screen goes through `send`, which checks first and changes after,
/// so an action that throws leaves the state exactly as it was.
extension MailboxState {
    public mutating func send(_ action: MailboxAction) throws(MailboxError) {
        switch action {
        case .panBegan(let target): try panBegan(target)
        case .panChanged(let translation): try panChanged(translation)
        case .released(let velocity): try released(velocity)
        case .tapped(let target): try tapped(target)
        case .chose(let option): try chose(option)
        case .clockAdvanced(let target):
            guard target >= now else { return }
            advanceClock(to: target)
        }
    }

    /// Checks that a finger can go down on `target` now, without changing anything.
    public func checkPanBegan(_ target: PanTarget) throws(MailboxError) {
        if let gesture { throw .gestureInProgress(gesture.target) }
        if let cover { throw .covered(by: cover.what, hint: cover.hint) }
        switch target {
        case .message(let id):
            let row = try row(id)
            guard row.visible else { throw .messageNotVisible(id, row.folder) }
            if animator.animation(for: PropertyKey(.row(id), .height)) != nil { throw .messageLeaving(id) }
        case .content, .edge:
            throw .notSimulatedYet("the menu (edgepan, pan content)")
        }
    }

    private mutating func panBegan(_ target: PanTarget) throws(MailboxError) {
        try checkPanBegan(target)
        guard case .message(let id) = target else { return }
        let key = PropertyKey(.row(id), .x)
        grab(key)
        rows[id.index].latch = nil
        gestureCount += 1
        gesture = PanGesture(target: target, origin: rows[id.index].x, lastSample: now)
        log(.view(.row(id)), .gestureBegan(kind: "pan", value: rows[id.index].x))
    }

    private mutating func panChanged(_ translation: Double) throws(MailboxError) {
        guard var pan = gesture else { throw .noFingerDown }
        let elapsed = now - pan.lastSample
        pan.velocity = elapsed > .zero ? (translation - pan.translation) / elapsed.seconds : 0
        pan.translation = translation
        pan.lastSample = now
        gesture = pan
        guard case .message(let id) = pan.target else { return }
        let before = SwipeZone.at(rows[id.index].x)
        let x = pan.origin + translation
        rows[id.index].x = x
        let after = SwipeZone.at(x)
        if before != after, before != .rest, after != .rest, before.background != after.background || before.icon != after.icon {
            log(.view(.row(id)), .thresholdCrossed(from: before, to: after, x: x))
        }
    }

    private mutating func released(_ velocity: Double?) throws(MailboxError) {
        guard let pan = gesture else { throw .noFingerDown }
        let finalVelocity = velocity ?? pan.velocity
        gesture = nil
        guard case .message(let id) = pan.target else { return }
        let x = rows[id.index].x
        let zone = SwipeZone.at(x)
        let outcome = zone.releaseOutcome
        log(.view(.row(id)), .gestureEnded(value: x, velocity: finalVelocity, outcome: outcome))
        rows[id.index].latch = zone
        let key = PropertyKey(.row(id), .x)
        switch outcome {
        case .snapBack:
            if x == 0 { rows[id.index].latch = nil; return }
            animate(key, to: 0, over: Durations.snapBack, then: .snapBackEnded(id))
        case .options, .hide:
            animate(key, to: zone.side * Metrics.slideDistance, over: Durations.slideOut, then: .slideOutEnded(id, outcome))
        }
    }

    private mutating func tapped(_ target: TapTarget?) throws(MailboxError) {
        switch target {
        case nil:
            guard let overlay else { throw .nothingToDismiss }
            try dismissOverlay(overlay, .finish(option: nil))
        case .cancel?:
            guard let overlay else {
                throw .cannotTap("cancel", reason: "there is no options overlay, compose sheet or alert to cancel")
            }
            try dismissOverlay(overlay, .cancel)
        case .compose?, .menu?, .undo?, .segment?:
            if let cover { throw .covered(by: cover.what, hint: cover.hint) }
            throw .notSimulatedYet("tap \(target!.name)")
        }
    }

    private mutating func chose(_ option: String) throws(MailboxError) {
        guard let overlay else { throw .noOverlay }
        guard overlay.kind.options.contains(option) else {
            throw .unknownOption(option, overlay.kind, suggestion: nearest(option, in: overlay.kind.options))
        }
        try dismissOverlay(overlay, .finish(option: option))
    }

    // MARK: Completions

    /// Runs what an animation asked for when it completed, at its exact end time.
    mutating func complete(_ followUp: FollowUp) {
        switch followUp {
        case .snapBackEnded(let id), .slideBackEnded(let id):
            rows[id.index].latch = nil
        case let .slideOutEnded(id, outcome):
            switch outcome {
            case .snapBack: rows[id.index].latch = nil
            case .options(let kind): presentOverlay(Overlay(kind: kind, row: rows[id.index]))
            case .hide(let folder):
                let row = rows[id.index]
                hide(id, record: UndoRecord(message: id, folder: folder, side: SwipeZone.at(row.x).side,
                                            snooze: row.snooze, list: row.list))
            }
        case .overlayFadedOut:
            overlayFadedOut()
        case .hideEnded(let record):
            rows[record.message.index].folder = record.folder
            undoStack.append(record)
            log(.view(.row(record.message)), .messageHidden(record.folder))
        }
    }

    /// Collapses a row's height; the rows below follow it up, and the message then moves to its folder.
    mutating func hide(_ id: MessageID, record: UndoRecord) {
        animate(PropertyKey(.row(id), .height), to: 0, over: Durations.hide, then: .hideEnded(record))
    }
}
