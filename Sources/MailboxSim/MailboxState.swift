import MailboxAnimation

/// The whole simulated screen at one instant: a value, changed only by `send(_:)`.
public struct MailboxState: Equatable, Sendable {
    /// The virtual clock.
    public internal(set) var now: Ticks = .zero
    /// What `set` changed; kept across a reset.
    public internal(set) var settings: Settings
    /// Every message, in inbox order (the order never changes, so a message's place is its index). A row changes
    /// folder only through `move(_:to:)`, which keeps `folderCounts` in step.
    public internal(set) var rows: [MessageRow]
    /// How many rows each folder holds (`count(in:)`, read by `expect inbox.count`).
    private var folderCounts: FolderCounts
    public internal(set) var gesture: PanGesture?
    public internal(set) var overlay: Overlay?
    /// Model value of the overlay's alpha (read by the package's invariant checks).
    package internal(set) var overlayAlpha = 0.0
    /// Options overlays whose rows finished sliding out while another overlay was up.
    public internal(set) var pendingOverlays: [Overlay] = []
    public internal(set) var undoStack: [UndoRecord] = []
    /// Model value of the mailbox content's x: 0 with the menu closed, 280 open.
    var contentX = 0.0
    public internal(set) var compose = ComposeSheet()
    public internal(set) var alert: Alert?
    public internal(set) var segments = SegmentedControl()
    public internal(set) var timeline = Timeline()
    /// Haptic events since the reset (with `haptics on`).
    public internal(set) var hapticCount = 0
    /// Gestures begun since the reset; numbers the timeline's groups.
    public internal(set) var gestureCount = 0
    var animator = Animator<PropertyKey, FollowUp>()
    /// The rows' model heights as prefix sums, for `y(of:)`; kept in step by `setModelValue`.
    var heights: RowHeights

    /// A fresh screen with `messageCount` messages in the inbox, at time 0, its timeline empty (SPEC §4).
    public init(messageCount: Int = Metrics.defaultMessageCount, settings: Settings = Settings()) {
        self.settings = settings
        rows = (1...max(1, messageCount)).map { MessageRow(id: MessageID($0)) }
        folderCounts = FolderCounts(inbox: rows.count)
        heights = RowHeights(count: rows.count, height: Metrics.rowHeight)
    }

    /// `reset`: a fresh screen of `messageCount` messages, as `init` makes it, keeping the settings. The timeline's
    /// storage is kept, emptied, so that a script that resets often does not grow a new one each time.
    public mutating func reset(messageCount: Int) {
        var timeline = self.timeline
        self = MailboxState(messageCount: messageCount, settings: settings)
        timeline.removeAll()
        self.timeline = timeline
    }

    public var messageCount: Int { rows.count }

    /// True while any animation runs.
    public var isAnimating: Bool { !animator.isEmpty }

    /// The running animations, oldest first.
    public var runningAnimations: [Animation<PropertyKey, FollowUp>] { animator.running }

    /// The row of `id`, or an error naming the messages there are.
    public func row(_ id: MessageID) throws(MailboxError) -> MessageRow {
        guard id.index < rows.count else { throw .noSuchMessage(id, count: rows.count) }
        return rows[id.index]
    }

    /// How many messages a folder holds.
    public func count(in folder: Folder) -> Int {
        assert(
            folderCounts[folder] == rows.reduce(0) { $0 + ($1.folder == folder ? 1 : 0) }, "folder counts out of step")
        return folderCounts[folder]
    }

    /// Moves the row of `id` to `folder`.
    mutating func move(_ id: MessageID, to folder: Folder) {
        folderCounts[rows[id.index].folder] -= 1
        folderCounts[folder] += 1
        rows[id.index].folder = folder
    }

    /// The messages in a folder, in inbox order.
    public func messages(in folder: Folder) -> [MessageID] {
        rows.filter { $0.folder == folder }.map({ $0.id })
    }
}

// MARK: - Presentation (what is on screen now)

extension MailboxState {
    /// The model value of a property, as set by the last change or animation start.
    func modelValue(_ key: PropertyKey) -> AnimatableValue {
        switch (key.view, key.property) {
        case (.row(let id), .x): .scalar(rows[id.index].x)
        case (.row(let id), .height): .scalar(rows[id.index].height)
        case (.row(let id), .alpha): .scalar(rows[id.index].alpha)
        case (.overlay, .alpha): .scalar(overlayAlpha)
        case (.content, .x): .scalar(contentX)
        case (.composeSheet, .y): .scalar(compose.y)
        case (.composeDim, .alpha): .scalar(compose.dim)
        case (.segmentView(let segment), .x): .scalar(segments.viewX[segment.index])
        default: .scalar(0)
        }
    }

    mutating func setModelValue(_ key: PropertyKey, _ value: AnimatableValue) {
        guard let v = value.scalar else { return }
        switch (key.view, key.property) {
        case (.row(let id), .x): rows[id.index].x = v
        case (.row(let id), .height):
            heights.change(id.index, from: rows[id.index].height, to: v)
            rows[id.index].height = v
        case (.row(let id), .alpha): rows[id.index].alpha = v
        case (.overlay, .alpha): overlayAlpha = v
        case (.content, .x): contentX = v
        case (.composeSheet, .y): compose.y = v
        case (.composeDim, .alpha): compose.dim = v
        case (.segmentView(let segment), .x): segments.viewX[segment.index] = v
        default: break
        }
    }

    /// What is on screen now: the animation's value if one runs, else the model value. A curve that
    /// overshoots (a spring, a Bézier whose control points leave 0…1) may carry a position past its target,
    /// but never an alpha outside 0…1 nor a height below 0: those are clamped, as a render server clamps them.
    public func presentation(_ key: PropertyKey) -> AnimatableValue {
        guard let value = animator.value(for: key, at: now) else { return modelValue(key) }
        switch (key.property, value) {
        case (.alpha, .scalar(let v)) where v < 0 || v > 1: return .scalar(min(1, max(0, v)))
        case (.height, .scalar(let v)) where v < 0: return .scalar(0)
        default: return value
        }
    }

    public func presentationScalar(_ key: PropertyKey) -> Double {
        presentation(key).scalar ?? 0
    }

    public func x(of id: MessageID) -> Double { presentationScalar(PropertyKey(.row(id), .x)) }
    public func height(of id: MessageID) -> Double { presentationScalar(PropertyKey(.row(id), .height)) }
    public func alpha(of id: MessageID) -> Double { presentationScalar(PropertyKey(.row(id), .alpha)) }

    /// Screen y of a row's top: rows stack from y 144, each as tall as its height is now.
    ///
    /// The rows above the first one whose height animates add whole points, so their sum is exact and
    /// comes from the prefix sums; from that row on, heights are added one by one as they are on screen
    /// (the same additions in the same order as a sum over every row, so the same double).
    public func y(of id: MessageID) -> Double {
        let index = id.index
        var first = index
        animator.forEachKey { key in
            if case .row(let row) = key.view, key.property == .height, row.index < first { first = row.index }
        }
        guard let above = heights.prefix(first) else { return rowYs(through: index)[index] }
        var y = Metrics.firstRowY + Double(above)
        for row in rows[first..<index] { y += height(of: row.id) }
        return y
    }

    /// Whether a row whose top is at `top` shows any of itself on screen: rows stack down from y 144 and the feed
    /// does not scroll, so a row is on screen while its top is above the screen's bottom edge (y 568); one partly
    /// on screen can be grabbed where it shows (SPEC §7.3).
    public static func isOnScreen(top: Double) -> Bool { top < Metrics.screenHeight }

    /// Whether row `id` shows any of itself on screen now (`isOnScreen(top:)` of its `y(of:)`).
    public func isOnScreen(_ id: MessageID) -> Bool { MailboxState.isOnScreen(top: y(of: id)) }

    /// The y of rows `0...last` in one pass (what `y(of:)` gives for each).
    public func rowYs(through last: Int) -> [Double] {
        var ys: [Double] = []
        ys.reserveCapacity(last + 1)
        var y = Metrics.firstRowY
        for row in rows[...last] {
            ys.append(y)
            y += height(of: row.id)
        }
        return ys
    }

    /// The zone whose colour and icon the row shows: its latch after release, else where x is.
    public func displayZone(of id: MessageID) -> SwipeZone {
        rows[id.index].latch ?? zone(at: x(of: id))
    }

    /// The zone of offset `x` with the thresholds set now.
    public func zone(at x: Double) -> SwipeZone { SwipeZone.at(x, settings.thresholds) }

    public func background(of id: MessageID) -> PaletteColor { displayZone(of: id).background }
    /// The colour behind the row now, from the palette set now.
    public func backgroundColor(of id: MessageID) -> Color { settings.palette[background(of: id)] }
    public func icon(of id: MessageID) -> Icon { displayZone(of: id).icon }
    public func iconAlpha(of id: MessageID) -> Double { iconAlpha(displayZone(of: id), x: x(of: id)) }
    public func iconX(of id: MessageID) -> Double { iconX(displayZone(of: id), x: x(of: id)) }

    /// The icon's centre x in `zone` at offset `x`, at the rest and follow distances set now.
    func iconX(_ zone: SwipeZone, x: Double) -> Double {
        zone.iconX(x: x, rest: settings.iconRest, follow: settings.iconFollow)
    }

    /// The icon's alpha in `zone` at offset `x`: the ramp ends at the near threshold of x's side, or follows
    /// `icon.fade`'s range.
    func iconAlpha(_ zone: SwipeZone, x: Double) -> Double {
        let thresholds = settings.thresholds
        return IconRule.alpha(
            zone, x: x, fade: settings.iconFade, leftNear: thresholds.left.near, rightNear: thresholds.right.near)
    }

    /// Where a row that slides out ends: ±(320 + `slide.overshoot`), on the side of `side`'s sign.
    func slideEnd(_ side: Double) -> Double {
        ReleaseRule.slideEnd(side, screenWidth: Metrics.slideDistance, overshoot: settings.slideOvershoot)
    }

    public var overlayPresentationAlpha: Double { presentationScalar(PropertyKey(.overlay, .alpha)) }

    /// What covers the screen, if anything, topmost first, with a hint of how to get rid of it.
    public var cover: Cover? {
        if let alert { return .alert(alert) }
        if let overlay { return .overlay(overlay) }
        if composePhase != .hidden { return .compose(closing: compose.y == Metrics.screenHeight) }
        if menuPhase != .closed { return .menu }
        return nil
    }

    public var contentPresentationX: Double { presentationScalar(PropertyKey(.content, .x)) }
    public var composePresentationY: Double { presentationScalar(PropertyKey(.composeSheet, .y)) }
    public var composePresentationDim: Double { presentationScalar(PropertyKey(.composeDim, .alpha)) }
    public func viewX(of segment: Segment) -> Double { presentationScalar(PropertyKey(.segmentView(segment), .x)) }

    /// `closed`, `open` or `moving` (a finger on it, or animating).
    public var menuPhase: MenuPhase {
        if let gesture, gesture.target == .edge || gesture.target == .content { return .moving }
        if animator.isAnimating(PropertyKey(.content, .x)) { return .moving }
        return contentX == 0 ? .closed : contentX == settings.menuOpenX ? .open : .moving
    }

    /// `hidden`, `shown` or `moving`.
    public var composePhase: ComposePhase {
        if animator.isAnimating(PropertyKey(.composeSheet, .y))
            || animator.isAnimating(PropertyKey(.composeDim, .alpha))
        {
            return .moving
        }
        return compose.y == Metrics.screenHeight ? .hidden : .shown
    }
}

// MARK: - Changing the screen

extension MailboxState {
    mutating func log(_ subject: TimelineSubject, _ event: TimelineEvent) {
        timeline.append(TimelineEntry(time: now, subject: subject, kind: .event(event), gesture: gestureNumber))
    }

    /// The gesture the current entries belong to: the one in progress, or the last one.
    var gestureNumber: Int? { gestureCount == 0 ? nil : gestureCount }

    /// Animates `key` from what is on screen to `target` with the duration and curve set for `role`,
    /// logging it. A spring starts with `velocity` (in the property's units a second) and lasts until it
    /// has settled (`Spring.Settle.within`, with the property's tolerances).
    ///
    /// A change to the value the view already has on screen is no animation (SPEC §3): any animation of `key`
    /// stops, nothing is logged, and the follow-up runs at once, at this same instant.
    /// With a `delay` the animation starts that long after now (the view stays where it is until then); the
    /// timeline logs it now, with the delay.
    mutating func animate(
        _ key: PropertyKey, to target: Double, as role: AnimationRole, velocity: Double = 0,
        delay: Ticks = .zero, then completion: FollowUp? = nil
    ) {
        let from = presentation(key)
        setModelValue(key, .scalar(target))
        if from == .scalar(target) {
            animator.remove(key)
            if let completion { complete(completion) }
            return
        }
        var curve = settings.timings.curve(role)
        if case .spring(let spring) = curve, let start = from.scalar {
            let distance = target - start
            curve = .spring(
                spring.with(
                    initialVelocity: velocity / distance,
                    settle: .within(distance: abs(distance), tolerance: key.property.settleTolerance)))
        }
        let duration = animator.begin(
            key, from: from, to: .scalar(target), at: now.adding(delay) ?? .max,
            duration: settings.timings.duration(role), curve: curve, completion: completion)
        timeline.append(
            TimelineEntry(
                time: now, subject: .view(key.view),
                kind: .animation(property: key, from: from, to: .scalar(target), duration: duration, curve: curve),
                gesture: gestureNumber, delay: delay))
        // An animation that takes no time (a spring already settled where it starts, a duration of 0) has ended
        // at this instant: what follows it is on screen now, as the exports' motion of no duration has it.
        if duration == .zero, delay == .zero {
            animator.remove(key)
            if let completion { complete(completion) }
        }
    }

    /// Puts `key` at `target` at once, with no animation (stopping any), and runs `completion` at this
    /// instant: what a parameter that turns an animation off (`snap.animate off`, `overlay.appear instant`)
    /// does instead of `animate`.
    mutating func place(_ key: PropertyKey, at target: Double, then completion: FollowUp? = nil) {
        animator.remove(key)
        setModelValue(key, .scalar(target))
        if let completion { complete(completion) }
    }

    /// Stops any animation of `key`, leaving the property where it is on screen now.
    mutating func grab(_ key: PropertyKey) {
        let value = presentation(key)
        guard animator.remove(key) != nil else { return }
        setModelValue(key, value)
        log(.view(key.view), .animationInterrupted(property: key.property, at: value.scalar ?? 0))
    }

    /// Moves the clock to `target`, completing animations in order at their exact end times.
    mutating func advanceClock(to target: Ticks) {
        // Every animation ending at an instant is taken before any follow-up runs (a follow-up may stop another).
        var rest: [FollowUp] = []
        while let end = animator.nextEnd, end <= target {
            if end > now { now = end }
            rest.removeAll(keepingCapacity: true)
            guard let first = animator.takeCompletions(by: now, rest: &rest) else { continue }
            complete(first)
            for followUp in rest { complete(followUp) }
        }
        if target > now { now = target }
    }
}

/// How many rows each folder holds (a field a folder: no array to allocate for each screen).
struct FolderCounts: Equatable, Sendable {
    private var inbox: Int
    private var later = 0
    private var list = 0
    private var archive = 0
    private var trash = 0

    init(inbox: Int) { self.inbox = inbox }

    subscript(_ folder: Folder) -> Int {
        get {
            switch folder {
            case .inbox: inbox
            case .later: later
            case .list: list
            case .archive: archive
            case .trash: trash
            }
        }
        set {
            switch folder {
            case .inbox: inbox = newValue
            case .later: later = newValue
            case .list: list = newValue
            case .archive: archive = newValue
            case .trash: trash = newValue
            }
        }
    }
}
