import MailboxAnimation

/// What the screen shows at one instant, as plain values: every view's presentation value, what covers the
/// screen, the counts and the animations running. `state`, `colors`, `render` (and JSON and pictures) are
/// renderings of it; it is taken from the state by `MailboxState.snapshot()`.
public struct ScreenSnapshot: Equatable, Sendable {
    public var time: Ticks
    public var animating: Bool
    public var gesture: GestureKind?
    /// Where the finger is while a pan is down: its target and the dragged value now.
    public var finger: FingerSnapshot?
    public var overlay: OverlaySnapshot?
    public var menu: MenuPhase
    public var contentX: Double
    public var compose: ComposeSnapshot
    public var alert: Alert?
    public var segment: Segment
    public var tint: PaletteColor
    /// The settings now (one shared box: a snapshot stays small, and a report holds one inline).
    public var settings: Settings
    /// Each segment's view x, left to right (later, mailbox, archive).
    public var viewX: [Double]
    /// Every message, in inbox order, wherever it is.
    public var rows: [RowSnapshot]
    public var undoCount: Int
    /// The running animations, oldest first.
    public var running: [RunningAnimation]

    /// How many messages a folder holds.
    public func count(in folder: Folder) -> Int { rows.reduce(0) { $0 + ($1.folder == folder ? 1 : 0) } }

    /// The messages in a folder, in inbox order.
    public func messages(in folder: Folder) -> [MessageID] { rows.filter { $0.folder == folder }.map({ $0.id }) }

    /// The colours the palette's names stand for now (`set color.NAME`).
    public var palette: Palette { settings.palette }
    /// Where the zones change now (`set threshold…`), for guides drawn at them.
    public var thresholds: Thresholds { settings.thresholds }

    /// The tint's colour in the palette set now.
    public var tintColor: Color { palette[tint] }

    /// A segment's view x.
    public func viewX(of segment: Segment) -> Double { viewX[segment.index] }
}

/// One message row on screen now.
public struct RowSnapshot: Equatable, Sendable {
    public var id: MessageID
    public var folder: Folder
    public var x: Double
    /// The top of the row in screen coordinates.
    public var y: Double
    public var height: Double
    public var alpha: Double
    public var background: PaletteColor
    /// The colour of `background` in the palette set now.
    public var backgroundColor: Color
    public var icon: Icon
    public var iconAlpha: Double
    public var iconX: Double
    public var snooze: String?
    public var list: String?

    /// True while the row is in the mailbox feed.
    public var visible: Bool { folder == .inbox }
}

/// The options overlay on screen (fading in, up, or fading out).
public struct OverlaySnapshot: Equatable, Sendable {
    public var kind: OverlayKind
    public var message: MessageID
    public var alpha: Double
    /// True once it was dismissed and is fading out.
    public var closing: Bool
}

/// The compose sheet and the dim layer behind it.
public struct ComposeSnapshot: Equatable, Sendable {
    public var phase: ComposePhase
    public var y: Double
    public var dim: Double
    public var focus: ComposeSheet.Field?
    /// What was typed into each field.
    public var to: String
    public var subject: String
    public var body: String

    /// What was typed into `field`.
    public func text(_ field: ComposeSheet.Field) -> String {
        switch field {
        case .to: to
        case .subject: subject
        case .body: body
        }
    }
}

/// A finger that is down.
public struct FingerSnapshot: Equatable, Sendable {
    public var target: PanTarget
    /// Translation from where it went down.
    public var translation: Double
}

/// An animation running now: which property, from and to, how far along, and its value now.
public struct RunningAnimation: Equatable, Sendable {
    public var key: PropertyKey
    public var from: AnimatableValue
    public var to: AnimatableValue
    public var start: Ticks
    public var duration: Ticks
    public var curve: TimingCurve
    /// The curve's progress now: 0 at the start, 1 at the end (a spring may pass 1).
    public var progress: Double
    public var value: AnimatableValue
}

extension MailboxState {
    /// What the screen shows now.
    public func snapshot() -> ScreenSnapshot {
        let ys = rowYs(through: rows.count - 1)
        return ScreenSnapshot(
            time: now,
            animating: isAnimating,
            gesture: gesture?.kind,
            finger: gesture.map { FingerSnapshot(target: $0.target, translation: $0.translation) },
            overlay: overlay.map {
                OverlaySnapshot(
                    kind: $0.kind, message: $0.message, alpha: overlayPresentationAlpha,
                    closing: $0.dismissal != nil)
            },
            menu: menuPhase,
            contentX: contentPresentationX,
            compose: ComposeSnapshot(
                phase: composePhase, y: composePresentationY, dim: composePresentationDim,
                focus: compose.focus, to: compose.to, subject: compose.subject,
                body: compose.body),
            alert: alert,
            segment: segments.selected,
            tint: segments.tint,
            settings: settings,
            viewX: Segment.allCases.map(viewX(of:)),
            rows: rows.map { row in
                let id = row.id
                let zone = displayZone(of: id)
                let x = x(of: id)
                return RowSnapshot(
                    id: id, folder: row.folder, x: x, y: ys[id.index], height: height(of: id),
                    alpha: alpha(of: id), background: zone.background,
                    backgroundColor: settings.palette[zone.background], icon: zone.icon,
                    iconAlpha: iconAlpha(zone, x: x), iconX: iconX(zone, x: x),
                    snooze: row.snooze, list: row.list)
            },
            undoCount: undoStack.count,
            running: runningAnimations.map { a in
                RunningAnimation(
                    key: a.key, from: a.from, to: a.to, start: a.start, duration: a.duration, curve: a.curve,
                    progress: a.curve.progress(elapsed: now - a.start, duration: a.duration),
                    value: presentation(a.key))
            })
    }
}
