import MailboxAnimation
import MailboxText

/// The reducer: every change to the screen goes through `send`, which checks first and changes after,
/// so an action that throws leaves the state exactly as it was.
extension MailboxState {
    /// Does what `action` says, or throws and changes nothing. `isCancelled` is polled by the long actions
    /// (a pan's frames, `settled`): when it answers true they throw `.interrupted`, part done (the caller
    /// puts its copy of the state back).
    public mutating func send(_ action: MailboxAction, isCancelled: (() -> Bool)? = nil) throws(MailboxError) {
        try send(action, isCancelled: isCancelled, watcher: Unwatched())
    }

    /// Does what `action` says as `send` does, showing `watcher` the screen at each of its frame instants strictly
    /// inside the time the action takes (a pan's frames, `clockAdvanced`, `settled`), in the one run.
    public mutating func send(
        _ action: MailboxAction, isCancelled: (() -> Bool)?,
        watcher: some FrameWatcher
    ) throws(MailboxError) {
        var cursor = FrameCursor(after: now)
        switch action {
        case .panBegan(let target): try panBegan(target)
        case .panChanged(let translation): try panChanged(translation)
        case let .panned(target, translation, duration):
            try pan(
                target, to: translation, over: duration, isCancelled: isCancelled, watcher: watcher, cursor: &cursor)
        case .settled:
            while let end = animator.nextEnd {
                advanceClock(to: end, watcher: watcher, cursor: &cursor)
                if let isCancelled, isCancelled() { throw .interrupted }
            }
        case .released(let velocity): try released(velocity)
        case .tapped(let target): try tapped(target)
        case .chose(let option): try chose(option)
        case .typed(let text): try typed(text)
        case .shaken: try shaken()
        case .clockAdvanced(let target):
            guard target >= now else { return }
            advanceClock(to: target, watcher: watcher, cursor: &cursor)
        case .settingsChanged(let settings):
            self.settings = settings
        case let .acted(id, action):
            try act(id, action)
        }
    }

    /// Checks that a finger can go down on `target` now, without changing anything.
    func checkPanBegan(_ target: PanTarget) throws(MailboxError) {
        if let gesture { throw .gestureInProgress(gesture.target) }
        switch target {
        case .message(let id):
            let row = try row(id)
            if let cover { throw refusal(cover) }
            guard row.visible else { throw .messageNotVisible(id, row.folder) }
            if segments.selected != .mailbox { throw .mailboxOffScreen(segments.selected) }
            // A row whose height collapses has left; one whose height opens again (undo) is grabbed like
            // any animating row (SPEC §3).
            if animator.animation(for: PropertyKey(.row(id), .height))?.to == .scalar(0) {
                throw .messageLeaving(id)
            }
            // The feed does not scroll: a row whose top is at or below the screen's bottom edge cannot be
            // touched; one partly on screen is grabbed where it shows (SPEC §7.3).
            let top = y(of: id)
            if !MailboxState.isOnScreen(top: top) { throw .messageOffScreen(id, y: top) }
        case .edge:
            if let cover { throw refusal(cover) }
        case .content:
            if let cover, cover != .menu { throw refusal(cover) }
            if menuPhase == .closed { throw .menuClosed }
        }
    }

    /// Checks that the finger that is down on `target` can keep moving: nothing new covers what it drags.
    func checkPanContinues(_ target: PanTarget) throws(MailboxError) {
        guard let gesture else { return try checkPanBegan(target) }
        guard gesture.target == target else { throw .gestureInProgress(gesture.target) }
        if case .message = target, segments.selected != .mailbox { throw .mailboxOffScreen(segments.selected) }
        switch cover {
        case nil: return
        case .menu? where target == .edge || target == .content: return
        case let cover?: throw refusal(cover)
        }
    }

    /// How many pan frames run between two polls of the cancellation check.
    static let cancellationStride: Int64 = 1024

    /// A whole pan: the finger goes down if none is, then one sample per frame, the last exactly on
    /// `translation` (SPEC §2), the clock advancing with them. Checked once, before anything moves.
    private mutating func pan(
        _ target: PanTarget, to translation: Double, over span: Ticks,
        isCancelled: (() -> Bool)?, watcher: some FrameWatcher,
        cursor: inout FrameCursor
    ) throws(MailboxError) {
        if gesture != nil { try checkPanContinues(target) } else { try checkPanBegan(target) }
        guard now.adding(span) != nil else { throw .clockOverflow }
        if gesture == nil { beginPan(target) }
        let start = now
        let from = gesture?.translation ?? 0
        let frames = max(
            1,
            clampedInt64(
                (Double(span.nanoseconds) * Double(settings.framesPerSecond) / Double(Ticks.perSecond)).rounded(.up)))
        var frame: Int64 = 1
        while frame <= frames {
            // A frame of the watcher's between two samples shows the row where the last sample left it.
            advanceClock(
                to: start + Ticks(nanoseconds: span.nanoseconds * frame / frames), watcher: watcher, cursor: &cursor)
            // The last sample is the translation itself, so x ends exactly at (x at finger down) + DX.
            let sample = frame == frames ? translation : from + (translation - from) * Double(frame) / Double(frames)
            try panChanged(sample)
            if frame % Self.cancellationStride == 0, let isCancelled, isCancelled() { throw .interrupted }
            frame += 1
        }
    }

    private mutating func panBegan(_ target: PanTarget) throws(MailboxError) {
        try checkPanBegan(target)
        beginPan(target)
    }

    /// Puts a finger down on `target` (already checked): it grabs what it drags where it is on screen.
    private mutating func beginPan(_ target: PanTarget) {
        let key: PropertyKey
        switch target {
        case .message(let id):
            key = PropertyKey(.row(id), .x)
            grab(key)
            rows[id.index].latch = nil
        case .edge, .content:
            key = PropertyKey(.content, .x)
            grab(key)
        }
        gestureCount += 1
        let origin = modelValue(key).scalar ?? 0
        gesture = PanGesture(target: target, origin: origin, lastSample: now)
        log(.view(key.view), .gestureBegan(kind: target == .edge ? .edgepan : .pan, value: origin))
    }

    private mutating func panChanged(_ translation: Double) throws(MailboxError) {
        guard var pan = gesture else { throw .noFingerDown }
        let elapsed = now - pan.lastSample
        pan.velocity = elapsed > .zero ? (translation - pan.translation) / elapsed.seconds : 0
        pan.translation = translation
        pan.lastSample = now
        gesture = pan
        switch pan.target {
        case .message(let id): dragRow(id, origin: pan.origin, translation: translation)
        case .edge, .content:
            contentX = MenuRule.contentX(origin: pan.origin, translation: translation, screenWidth: Metrics.screenWidth)
        }
    }

    /// Moves a row with the finger (past ±320 only `elasticity` of the way), logging the thresholds it
    /// crosses and, with haptics on, a tap of the motor at each.
    private mutating func dragRow(_ id: MessageID, origin: Double, translation: Double) {
        let x = ElasticRule.x(
            origin: origin, translation: translation, elasticity: settings.elasticity, edge: Elastic.edge)
        let before = zone(at: rows[id.index].x)
        rows[id.index].x = x
        let after = zone(at: x)
        // A threshold is crossed when the colour changes (the near and far thresholds), or the icon changes
        // without leaving or reaching rest (a flick across x = 0); merely starting to reveal an icon is not one.
        if before.background != after.background || (before.icon != after.icon && before != .rest && after != .rest) {
            log(.view(.row(id)), .thresholdCrossed(from: before, to: after, x: x))
        }
        if settings.haptics && before.level != after.level { tapHaptics(id, from: before.level, to: after.level) }
    }

    /// One haptic event for each threshold between zone levels `from` and `to`, in the order the finger
    /// crossed them: light at a near threshold, medium at a far one.
    private mutating func tapHaptics(_ id: MessageID, from: Int, to: Int) {
        let thresholds = settings.thresholds
        HapticRule.taps(
            from: from, to: to, leftNear: thresholds.left.near, leftFar: thresholds.left.far,
            rightNear: thresholds.right.near, rightFar: thresholds.right.far
        ) { far, threshold in
            hapticCount += 1
            log(.view(.row(id)), .haptic(far ? .medium : .light, threshold: threshold))
        }
    }

    private mutating func released(_ velocity: Double?) throws(MailboxError) {
        guard let pan = gesture else { throw .noFingerDown }
        let finalVelocity = velocity ?? pan.velocity
        gesture = nil
        switch pan.target {
        case .message(let id): releaseRow(id, velocity: finalVelocity)
        case .edge, .content:
            releaseContent(velocity: finalVelocity, translation: pan.translation, fromClosed: pan.target == .edge)
        }
    }

    /// The zone at release decides (`ReleaseRule`); the background and icon latch to it. With an escape velocity
    /// set, a release before the near threshold that is fast enough the way x points commits to the near action.
    private mutating func releaseRow(_ id: MessageID, velocity: Double) {
        let x = rows[id.index].x
        let escape = settings.escapeVelocity
        let (zone, escaped) = ReleaseRule.decision(at: x, in: zone(at: x), velocity: velocity, escapeVelocity: escape)
        if escaped { log(.view(.row(id)), .escaped(velocity: velocity, escapeVelocity: escape)) }
        let outcome = zone.releaseOutcome
        log(.view(.row(id)), .gestureEnded(value: x, velocity: velocity, outcome: .row(outcome)))
        rows[id.index].latch = zone
        let key = PropertyKey(.row(id), .x)
        let target = ReleaseRule.target(
            snapsBack: outcome == .snapBack, side: zone.side, screenWidth: Metrics.slideDistance,
            overshoot: settings.slideOvershoot)
        switch outcome {
        case .snapBack:
            if x == target {
                rows[id.index].latch = nil
                return
            }
            if !settings.snapAnimated { return place(key, at: target, then: .snapBackEnded(id)) }
            animate(key, to: target, as: .snap, velocity: velocity, then: .snapBackEnded(id))
        case .options, .hide:
            animate(key, to: target, as: .slide, velocity: velocity, then: .slideOutEnded(id, outcome))
        }
    }

    /// An accessibility action: checked as a finger going down on the row would be, then the row slides out
    /// from where it is (x 0 at rest) as a release in the action's zone does, with no velocity.
    private mutating func act(_ id: MessageID, _ action: AccessibilityAction) throws(MailboxError) {
        try checkPanBegan(.message(id))
        let key = PropertyKey(.row(id), .x)
        grab(key)
        gestureCount += 1
        let zone = action.zone
        log(.view(.row(id)), .accessibilityAction(action))
        rows[id.index].latch = zone
        animate(key, to: slideEnd(zone.side), as: .slide, then: .slideOutEnded(id, zone.releaseOutcome))
    }

    private mutating func tapped(_ target: TapTarget?) throws(MailboxError) {
        let cover = self.cover
        switch (target, cover) {
        case (nil, .overlay(let overlay)?):
            try dismissOverlay(overlay, .finish(option: nil))
        case (nil, let cover?):
            throw refusal(cover)
        case (nil, nil):
            throw .nothingToDismiss
        case (.cancel?, .alert(let alert)?):
            dismissAlert(alert)
        case (.cancel?, .overlay(let overlay)?):
            try dismissOverlay(overlay, .cancel)
        case (.cancel?, .compose?):
            try cancelCompose()
        case (.cancel?, .menu?):
            throw refusal(.menu)
        case (.cancel?, nil):
            throw .cannotTap(.cancel, .nothingToCancel)
        case (.undo?, .alert(.undo)?):
            undoLastAction()
        case (.undo?, nil):
            throw .cannotTap(.undo, .noUndoAlert)
        case (.deleteDraft?, .alert(.draft)?), (.keepDraft?, .alert(.draft)?):
            closeCompose(keepingDraft: target == .keepDraft)
        case (.deleteDraft?, nil), (.deleteDraft?, .compose?):
            throw .cannotTap(.deleteDraft, .noDraftAlert)
        case (.keepDraft?, nil), (.keepDraft?, .compose?):
            throw .cannotTap(.keepDraft, .noDraftAlert)
        case (.field(let field)?, .compose?):
            try focus(field)
        case (.field(let field)?, nil):
            throw .cannotTap(.field(field), .composeNotUp)
        case (.menu?, .menu?), (.menu?, nil):
            toggleMenu()
        case (.compose?, nil):
            openCompose()
        case (.segment(let segment)?, nil):
            select(segment)
        case (_, let cover?):
            throw refusal(cover)
        }
    }

    private mutating func chose(_ option: String) throws(MailboxError) {
        guard case .overlay(let overlay)? = cover else {
            if let cover { throw refusal(cover) }
            throw .noOverlay(near: settings.thresholds.left.near)
        }
        guard overlay.kind.options.contains(option) else {
            throw .unknownOption(option, overlay.kind, suggestion: nearest(option, in: overlay.kind.options))
        }
        try dismissOverlay(overlay, .finish(option: option))
    }

    // MARK: Completions

    /// Runs what an animation asked for when it completed, at its exact end time.
    mutating func complete(_ followUp: FollowUp) {
        switch followUp {
        case .snapBackEnded(let id), .slideBackEnded(let id), .returnEnded(let id):
            rows[id.index].latch = nil
        case let .slideOutEnded(id, outcome):
            switch outcome {
            case .snapBack: rows[id.index].latch = nil
            case .options(let kind): presentOverlay(Overlay(kind: kind, row: rows[id.index]))
            case .hide(let folder):
                let row = rows[id.index]
                hide(
                    id,
                    record: UndoRecord(
                        message: id, folder: folder, side: SwipeZone.at(row.x).side,
                        snooze: row.snoozeOption, list: row.listOption))
            }
        case .overlayFadedOut:
            overlayFadedOut()
        case .hideEnded(let record):
            move(record.message, to: record.folder)
            undoStack.append(record)
            let dropped = UndoRule.dropped(count: undoStack.count, depth: settings.undoDepth)
            if dropped > 0 { undoStack.removeFirst(dropped) }
            log(.view(.row(record.message)), .messageHidden(record.folder))
        case .restoreEnded(let id):
            log(.view(.row(id)), .messageRestored)
        case .menuSettled(let open):
            log(.view(.content), open ? .menuOpened : .menuClosed)
        case .composeSettled(let shown):
            log(.view(.composeSheet), shown ? .composeShown : .composeHidden)
        case .segmentSettled(let segment):
            log(.view(.segmentView(segment)), .segmentShown(segment))
        }
    }

    /// Collapses a row's height (after `delay.hide`); the rows below follow it up, and the message then moves to
    /// its folder.
    mutating func hide(_ id: MessageID, record: UndoRecord) {
        animate(PropertyKey(.row(id), .height), to: 0, as: .hide, delay: settings.hideDelay, then: .hideEnded(record))
    }
}
