import MailboxSim

/// The options overlay: the reschedule grid of seven options on yellow, or the three lists on brown, and a
/// Cancel at the bottom. The caller fades it as one at `overlay.alpha`.
enum OverlayScene {
    static func nodes(_ kind: OverlayKind, palette: Palette) -> [SceneNode] {
        let white = DrawingStyle.white
        let width = Metrics.screenWidth
        let background = kind == .reschedule ? PaletteColor.yellow : PaletteColor.brown
        var nodes: [SceneNode] = [.rect(Scene.screenRect, Paint(palette[background]), radius: 0)]
        let title = kind == .reschedule ? "Snooze until…" : "Add to list"
        nodes.append(
            .text(
                SceneText(
                    title, at: ScenePoint(width / 2, 110), size: 22, font: .sansBold, anchor: .middle, paint: white)))
        switch kind {
        case .reschedule:
            // Three columns; the seventh option sits in the middle of the last row.
            for (i, title) in DrawingWords.rescheduleTitles.enumerated() {
                let center = ScreenLayout.rescheduleOptionCenter(i)
                nodes.append(.stroke(ScenePath(rings: [.init(center, 28)]), white, width: 2))
                nodes.append(.stroke(Glyph.clock.path(center: center, size: 26), white, width: 2))
                nodes.append(
                    .text(
                        SceneText(
                            title, at: ScenePoint(center.x, center.y + 50),
                            size: 12, font: .sansBold, anchor: .middle, paint: white)))
            }
        case .list:
            for (i, title) in DrawingWords.listTitles.enumerated() {
                let top = ScreenLayout.listOptionTop(i)
                nodes.append(.stroke(Glyph.lines.path(center: ScenePoint(48, top + 32), size: 24), white, width: 2.5))
                nodes.append(
                    .text(
                        SceneText(
                            title, at: ScenePoint(80, top + 39), size: 20, paint: white))
                )
                nodes.append(
                    .rect(
                        SceneRect(x: 24, y: top + ScreenLayout.listOptionHeight, width: width - 48, height: 1),
                        Paint(white.color, alpha: 0.5), radius: 0))
            }
        }
        nodes.append(
            .text(
                SceneText(
                    "Cancel", at: ScenePoint(width / 2, ScreenLayout.overlayCancelBaseline), size: 16, anchor: .middle,
                    paint: white)))
        return nodes
    }
}

/// The compose sheet at `compose.y` over the dim layer at `compose.dim`, with the To, Subject and body fields,
/// what was typed into each (a line too long for the sheet ends in an ellipsis `…` inside the right margin) and
/// a caret after the text of the focused field.
enum ComposeScene {
    /// The left edge of each field's text, its baseline below the sheet's top, and the label before it.
    struct FieldLayout {
        var label: String
        var baseline: Double
        var textX: Double
    }

    static func layout(_ field: ComposeSheet.Field) -> FieldLayout {
        switch field {
        case .to: FieldLayout(label: "To:", baseline: ScreenLayout.composeFieldBaseline(.to), textX: 42)
        case .subject: FieldLayout(label: "Subject:", baseline: ScreenLayout.composeFieldBaseline(.subject), textX: 80)
        case .body: FieldLayout(label: "", baseline: ScreenLayout.composeFieldBaseline(.body), textX: 12)
        }
    }

    static let textSize = 15.0

    /// How far the text of a field may reach: the sheet's right margin.
    static var textRight: Double { Metrics.screenWidth - DrawingStyle.composeMargin }

    /// A field's text as drawn: whole, or cut to end in an ellipsis before the right margin.
    static func shown(_ field: ComposeSheet.Field, _ text: String) -> String {
        let layout = layout(field)
        return TextMetrics.fitted(text, room: textRight - layout.textX - DrawingStyle.caretWidth - 1, size: textSize)
    }

    /// The caret's rectangle in the focused field, just after its text, from the sheet's top.
    static func caret(_ field: ComposeSheet.Field, text: String) -> SceneRect {
        let layout = layout(field)
        let x = layout.textX + TextMetrics.width(shown(field, text), size: textSize) + 1
        return SceneRect(x: x, y: layout.baseline - 14, width: DrawingStyle.caretWidth, height: 18)
    }

    static func nodes(_ compose: ComposeSnapshot) -> [SceneNode] {
        var nodes: [SceneNode] = []
        if compose.dim > 0 {
            nodes.append(.rect(Scene.screenRect, Paint(DrawingStyle.black.color, alpha: compose.dim), radius: 0))
        }
        let y = compose.y
        guard y < Metrics.screenHeight else { return nodes }
        let width = Metrics.screenWidth
        // Taller than the screen below it, so only its top corners are rounded on screen.
        let sheet = SceneRect(
            x: 0, y: y, width: width,
            height: Metrics.screenHeight - Metrics.composeShownY + 2 * DrawingStyle.sheetCorner)
        let blue = Paint(PaletteColor.blue.color)
        // The fields are drawn from the sheet's top: as it slides, one origin moves.
        var fields: [SceneNode] = [
            .text(SceneText("Cancel", at: ScenePoint(12, 28), size: 15, paint: blue)),
            .text(
                SceneText(
                    "New Message", at: ScenePoint(width / 2, 28), size: 15, font: .sansBold, anchor: .middle,
                    paint: DrawingStyle.text)),
            .text(
                SceneText(
                    "Send", at: ScenePoint(width - 12, 28), size: 15, anchor: .end,
                    paint: compose.to.isEmpty ? DrawingStyle.secondaryText : blue)),
            .rect(
                SceneRect(x: 0, y: ScreenLayout.composeBarHeight, width: width, height: 0.5), DrawingStyle.hairline,
                radius: 0)
        ]
        for field in ComposeSheet.Field.allCases {
            let layout = layout(field)
            let text = compose.text(field)
            let focused = compose.focus == field
            if !layout.label.isEmpty {
                fields.append(
                    .text(
                        SceneText(
                            layout.label, at: ScenePoint(12, layout.baseline), size: textSize,
                            paint: focused ? blue : DrawingStyle.secondaryText)))
                fields.append(
                    .rect(
                        SceneRect(x: 12, y: layout.baseline + 16, width: width - 12, height: 0.5),
                        DrawingStyle.separator, radius: 0))
            }
            if !text.isEmpty {
                fields.append(
                    .text(
                        SceneText(
                            shown(field, text), at: ScenePoint(layout.textX, layout.baseline),
                            size: textSize, paint: DrawingStyle.text)))
            }
            if focused {
                fields.append(.rect(caret(field, text: text), blue, radius: 0))
            }
        }
        nodes.append(.rect(sheet, DrawingStyle.white, radius: DrawingStyle.sheetCorner))
        nodes.append(
            .group(
                SceneGroup(
                    clip: SceneRect(x: 0, y: y, width: width, height: Metrics.screenHeight - y),
                    origin: ScenePoint(0, y), children: fields)))
        return nodes
    }
}

/// The undo or draft alert, centred over a dimmed screen.
enum AlertScene {
    static func nodes(_ alert: Alert) -> [SceneNode] {
        let box = ScreenLayout.alertFrame(alert)
        let width = box.width
        let left = box.x
        let height = box.height
        let top = box.y
        let blue = Paint(PaletteColor.blue.color)
        let stacked = alert.buttons.count > 2
        var nodes: [SceneNode] = [
            .rect(Scene.screenRect, Paint(DrawingStyle.black.color, alpha: DrawingStyle.alertDim), radius: 0),
            .rect(SceneRect(x: left, y: top, width: width, height: height), DrawingStyle.white, radius: 12),
            .text(
                SceneText(
                    alert.title, at: ScenePoint(left + width / 2, top + 36), size: 15, font: .sansBold, anchor: .middle,
                    paint: DrawingStyle.text))
        ]
        for (i, button) in alert.buttons.enumerated() {
            let frame = ScreenLayout.alertButtonFrame(alert, i)
            nodes.append(
                .rect(
                    SceneRect(x: frame.x, y: frame.y, width: frame.width, height: 0.5), DrawingStyle.hairline, radius: 0
                ))
            if !stacked && i > 0 {
                nodes.append(
                    .rect(
                        SceneRect(x: frame.x, y: frame.y, width: 0.5, height: frame.height), DrawingStyle.hairline,
                        radius: 0))
            }
            let label = AlertScene.label(button)
            nodes.append(
                .text(
                    SceneText(
                        label, at: ScenePoint(frame.x + frame.width / 2, frame.y + 28), size: 16,
                        font: button == .cancel ? .sansBold : .sans, anchor: .middle,
                        paint: button == .deleteDraft ? Paint(PaletteColor.red.color) : blue)))
        }
        return nodes
    }

    /// A button's label as the phone shows it.
    static func label(_ button: TapTarget) -> String {
        switch button {
        case .cancel: "Cancel"
        case .undo: "Undo"
        case .deleteDraft: "Delete Draft"
        case .keepDraft: "Keep Draft"
        default: button.name
        }
    }
}
