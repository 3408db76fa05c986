import MailboxSim

/// The status bar and navigation bar: the menu and compose buttons and the segmented control in its tint.
enum NavigationBarScene {
    static func nodes(_ screen: ScreenSnapshot, originX x: Double) -> [SceneNode] {
        let width = Metrics.screenWidth
        let barHeight = Metrics.navigationBarHeight
        var nodes: [SceneNode] = [
            .rect(SceneRect(x: x, y: 0, width: width, height: barHeight), DrawingStyle.white, radius: 0),
            .rect(SceneRect(x: x, y: barHeight - 0.5, width: width, height: 0.5), DrawingStyle.hairline, radius: 0),
            .text(
                SceneText(
                    "9:41 AM", at: ScenePoint(x + width / 2, DrawingStyle.statusBarBaseline), size: 12,
                    font: .sansBold, anchor: .middle, paint: DrawingStyle.text)),
            .stroke(
                Glyph.menu.path(center: ScreenLayout.menuButtonCenter(originX: x), size: 22),
                DrawingStyle.secondaryText, width: 2),
            .stroke(
                Glyph.pencil.path(center: ScreenLayout.composeButtonCenter(originX: x), size: 20),
                DrawingStyle.secondaryText, width: 1.6)
        ]
        // The segmented control: an outline in the tint, the selected segment filled with it.
        let tint = Paint(screen.tintColor)
        let frame = ScreenLayout.segmentedControl(originX: x)
        nodes.append(.rect(frame, tint, radius: 4))
        let inner = SceneRect(x: frame.x + 1, y: frame.y + 1, width: frame.width - 2, height: frame.height - 2)
        nodes.append(.rect(inner, DrawingStyle.white, radius: 3))
        for segment in Segment.allCases {
            let part = ScreenLayout.segmentFrame(segment, originX: x)
            let left = part.x
            let segmentWidth = part.width
            let selected = segment == screen.segment
            if selected {
                nodes.append(
                    .group(
                        SceneGroup(
                            clip: SceneRect(x: left, y: frame.y, width: segmentWidth, height: frame.height),
                            children: [.rect(frame, tint, radius: 4)])))
            } else if segment.index > 0 {
                nodes.append(
                    .rect(SceneRect(x: left - 0.5, y: frame.y, width: 1, height: frame.height), tint, radius: 0))
            }
            let glyph: Glyph =
                switch segment {
                case .later: .clock
                case .mailbox: .inbox
                case .archive: .check
                }
            nodes.append(
                .stroke(
                    glyph.path(center: ScenePoint(left + segmentWidth / 2, frame.y + frame.height / 2), size: 17),
                    selected ? DrawingStyle.white : tint, width: 1.6))
        }
        return nodes
    }
}
