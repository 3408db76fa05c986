import MailboxSim

/// Where the drawing puts what can be touched: the navigation bar's buttons, the options overlay's options and
/// Cancel, the alert's buttons, the compose sheet's Cancel and fields. The scenes draw from these and `HitTest`
/// reads them, so a point hits exactly what is drawn under it (one source of truth).
public enum ScreenLayout {
    /// The side of a navigation bar button's square touch area (the iOS minimum of 44 pt).
    public static let buttonSize = 44.0

    /// The centre of the menu button (the three lines) for content at `originX`.
    public static func menuButtonCenter(originX x: Double) -> ScenePoint {
        ScenePoint(x + 22, DrawingStyle.navigationIconY)
    }
    /// The centre of the compose button (the pencil) for content at `originX`.
    public static func composeButtonCenter(originX x: Double) -> ScenePoint {
        ScenePoint(x + Metrics.screenWidth - 22, DrawingStyle.navigationIconY)
    }
    /// A button's touch area: the square of `buttonSize` around its centre.
    public static func buttonFrame(center: ScenePoint) -> SceneRect {
        SceneRect(x: center.x - buttonSize / 2, y: center.y - buttonSize / 2, width: buttonSize, height: buttonSize)
    }

    /// The segmented control's outline for content at `originX`.
    public static func segmentedControl(originX x: Double) -> SceneRect {
        var frame = DrawingStyle.segmentedControl
        frame.x += x
        return frame
    }
    /// One segment's part of the control.
    public static func segmentFrame(_ segment: Segment, originX x: Double) -> SceneRect {
        let control = segmentedControl(originX: x)
        let width = control.width / Double(Segment.allCases.count)
        return SceneRect(
            x: control.x + Double(segment.index) * width, y: control.y, width: width, height: control.height)
    }

    /// The centre of the ring of reschedule option `i`: three columns, the seventh in the middle of the last row.
    public static func rescheduleOptionCenter(_ i: Int) -> ScenePoint {
        let column = i == 6 ? 1 : i % 3
        return ScenePoint(60 + Double(column) * 100, 200 + Double(i / 3) * 110)
    }
    /// The top of list option `i`'s row (64 pt tall).
    public static func listOptionTop(_ i: Int) -> Double { 160 + Double(i) * 64 }
    public static let listOptionHeight = 64.0

    /// Option `i`'s touch area on an overlay of `kind`: a reschedule option's cell (its ring and title), a list
    /// option's row.
    public static func optionFrame(_ kind: OverlayKind, _ i: Int) -> SceneRect {
        switch kind {
        case .reschedule:
            let c = rescheduleOptionCenter(i)
            return SceneRect(x: c.x - 50, y: c.y - 40, width: 100, height: 100)
        case .list:
            return SceneRect(x: 0, y: listOptionTop(i), width: Metrics.screenWidth, height: listOptionHeight)
        }
    }
    /// The baseline of the overlay's Cancel.
    public static let overlayCancelBaseline = 530.0
    /// The overlay's Cancel's touch area.
    public static var overlayCancelFrame: SceneRect {
        SceneRect(x: Metrics.screenWidth / 2 - 60, y: overlayCancelBaseline - 28, width: 120, height: 44)
    }

    /// The alert's box.
    public static func alertFrame(_ alert: Alert) -> SceneRect {
        let width = DrawingStyle.alertWidth
        let stacked = alert.buttons.count > 2
        let height = alertTitleHeight + alertButtonHeight * Double(stacked ? alert.buttons.count : 1)
        return SceneRect(
            x: (Metrics.screenWidth - width) / 2, y: (Metrics.screenHeight - height) / 2, width: width, height: height)
    }
    static let alertTitleHeight = 60.0
    static let alertButtonHeight = 44.0
    /// Button `i` of the alert: side by side for two, stacked for more.
    public static func alertButtonFrame(_ alert: Alert, _ i: Int) -> SceneRect {
        let box = alertFrame(alert)
        let top = box.y + alertTitleHeight
        return alert.buttons.count > 2
            ? SceneRect(x: box.x, y: top + Double(i) * alertButtonHeight, width: box.width, height: alertButtonHeight)
            : SceneRect(x: box.x + Double(i) * box.width / 2, y: top, width: box.width / 2, height: alertButtonHeight)
    }

    /// The height of the compose sheet's title bar (Cancel, New Message, Send), below the sheet's top.
    public static let composeBarHeight = 44.0
    /// The compose sheet's Cancel's touch area for a sheet whose top is at `y`.
    public static func composeCancelFrame(sheetY y: Double) -> SceneRect {
        SceneRect(x: 0, y: y, width: 80, height: composeBarHeight)
    }
    /// The baseline of a field's text below the sheet's top.
    public static func composeFieldBaseline(_ field: ComposeSheet.Field) -> Double {
        switch field {
        case .to: 72
        case .subject: 116
        case .body: 160
        }
    }
    /// A field's touch area: from the line above it to its separator (16 pt below its baseline); the body to the
    /// screen's bottom.
    public static func composeFieldFrame(_ field: ComposeSheet.Field, sheetY y: Double) -> SceneRect {
        switch field {
        case .to: SceneRect(x: 0, y: y + composeBarHeight, width: Metrics.screenWidth, height: 44)
        case .subject: SceneRect(x: 0, y: y + 88, width: Metrics.screenWidth, height: 44)
        case .body:
            SceneRect(x: 0, y: y + 132, width: Metrics.screenWidth, height: max(0, Metrics.screenHeight - y - 132))
        }
    }
}

extension SceneRect {
    /// True when `point` lies inside (left and top edges included, right and bottom excluded).
    public func contains(_ point: ScenePoint) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }
}
