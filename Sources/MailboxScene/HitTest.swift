import MailboxSim

/// What a touch at a point of the screen lands on, as the playground asks at a pointer down.
public enum ScreenHit: Equatable, Sendable {
    /// A visible row of the mailbox list, nothing covering it: a row drag.
    case row(MessageID)
    /// Within `HitTest.edgeWidth` of the left edge with the menu closed: an edge drag.
    case edge
    /// The content while the menu is open (x ≥ content.x): a content drag.
    case content
    /// A button: what the tap does, as `tap` names it (`compose`, `menu`, `segment later`, `cancel`, `undo`,
    /// `delete-draft`, `keep-draft`, `to`, `subject`, `body`).
    case button(TapTarget)
    /// An option of the options overlay.
    case option(String)
    /// The options overlay anywhere but an option or Cancel: a bare `tap`.
    case overlay
}

/// What is under a point of the screen, from the geometry the drawing uses (`ScreenLayout`, the snapshot's frames).
public enum HitTest {
    /// How far in from the left edge an edge pan may start.
    public static let edgeWidth = 20.0

    /// What a touch at `point` lands on, on top first (alert, compose sheet, overlay, menu, bar, rows); nil for
    /// nothing that answers a touch.
    public static func hit(at point: ScenePoint, on screen: ScreenSnapshot) -> ScreenHit? {
        guard point.x >= 0, point.x < Metrics.screenWidth, point.y >= 0, point.y < Metrics.screenHeight else {
            return nil
        }
        if let alert = screen.alert {
            for (i, button) in alert.buttons.enumerated() where ScreenLayout.alertButtonFrame(alert, i).contains(point)
            {
                return .button(button)
            }
            return nil
        }
        let compose = screen.compose
        if compose.phase != .hidden || compose.dim > 0 {
            let y = compose.y
            guard point.y >= y else { return nil }
            if ScreenLayout.composeCancelFrame(sheetY: y).contains(point) { return .button(.cancel) }
            for field in ComposeSheet.Field.allCases
            where ScreenLayout.composeFieldFrame(field, sheetY: y).contains(point) {
                return .button(.field(field))
            }
            return nil
        }
        if let overlay = screen.overlay {
            for (i, option) in overlay.kind.options.enumerated()
            where ScreenLayout.optionFrame(overlay.kind, i).contains(point) {
                return .option(option)
            }
            if ScreenLayout.overlayCancelFrame.contains(point) { return .button(.cancel) }
            return .overlay
        }
        let contentX = screen.contentX
        if contentX > 0 || screen.menu != .closed {
            guard point.x >= contentX else { return nil }
            if ScreenLayout.buttonFrame(center: ScreenLayout.menuButtonCenter(originX: contentX)).contains(point) {
                return .button(.menu)
            }
            return .content
        }
        if point.y < Metrics.navigationBarHeight {
            if ScreenLayout.buttonFrame(center: ScreenLayout.menuButtonCenter(originX: 0)).contains(point) {
                return .button(.menu)
            }
            if ScreenLayout.buttonFrame(center: ScreenLayout.composeButtonCenter(originX: 0)).contains(point) {
                return .button(.compose)
            }
            for segment in Segment.allCases where ScreenLayout.segmentFrame(segment, originX: 0).contains(point) {
                return .button(.segment(segment))
            }
            return nil
        }
        if point.x < edgeWidth { return .edge }
        guard screen.segment == .mailbox, screen.viewX(of: .mailbox) == 0 else { return nil }
        for row in screen.rows where row.visible && row.height > 0 && point.y >= row.y && point.y < row.y + row.height {
            return .row(row.id)
        }
        return nil
    }
}
