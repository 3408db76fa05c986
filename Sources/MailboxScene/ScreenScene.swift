import MailboxSim

extension Scene {
    /// The screen at one instant, 320 × 568 points, drawn from back to front: the menu beneath the content,
    /// the segment views with their rows, the navigation bar, then what covers the screen (options overlay,
    /// compose sheet, alert) and the finger.
    public init(screen: ScreenSnapshot) {
        var nodes: [SceneNode] = []
        let contentX = screen.contentX
        if contentX > 0 { nodes += MenuScene.nodes() }
        // The content clips the segment views to its own frame: moving it right shows the menu, not the later
        // view beside the mailbox. The views are drawn from the content's corner: an edge pan moves one origin.
        var views: [SceneNode] = []
        for segment in Segment.allCases {
            let viewX = screen.viewX(of: segment)
            guard abs(viewX) < Metrics.screenWidth else { continue }
            if segment == .mailbox {
                views += MailboxViewScene.nodes(screen, originX: viewX)
            } else {
                views += FolderViewScene.nodes(screen, segment: segment, originX: viewX)
            }
        }
        if contentX == 0 {
            nodes += views
        } else {
            nodes.append(
                .group(
                    SceneGroup(
                        clip: SceneRect(
                            x: contentX, y: 0, width: Metrics.screenWidth,
                            height: Metrics.screenHeight), origin: ScenePoint(contentX, 0), children: views)))
        }
        nodes += NavigationBarScene.nodes(screen, originX: contentX)
        if let overlay = screen.overlay, overlay.alpha > 0 {
            // Named: as it fades in or out only its opacity changes, and its children's text is written once.
            nodes.append(
                .group(
                    SceneGroup(
                        opacity: overlay.alpha, name: "overlay",
                        children: OverlayScene.nodes(overlay.kind, palette: screen.palette))))
        }
        nodes += ComposeScene.nodes(screen.compose)
        if let alert = screen.alert { nodes += AlertScene.nodes(alert) }
        if let finger = FingerScene.node(screen) { nodes.append(finger) }
        self.init(width: Metrics.screenWidth, height: Metrics.screenHeight, nodes: nodes)
    }

    /// The whole screen's rectangle.
    static let screenRect = SceneRect(x: 0, y: 0, width: Metrics.screenWidth, height: Metrics.screenHeight)
}

/// The menu the edge pan reveals beneath the content.
enum MenuScene {
    static func nodes() -> [SceneNode] {
        var nodes: [SceneNode] = [.rect(Scene.screenRect, DrawingStyle.menuBackground, radius: 0)]
        nodes.append(
            .text(SceneText("Mailbox", at: ScenePoint(24, 60), size: 20, font: .sansBold, paint: DrawingStyle.menuText))
        )
        for (i, item) in DrawingWords.menuItems.enumerated() {
            let baseline = 120 + Double(i) * 48
            nodes.append(.text(SceneText(item, at: ScenePoint(24, baseline), size: 17, paint: DrawingStyle.menuText)))
            nodes.append(
                .rect(
                    SceneRect(x: 24, y: baseline + 18, width: 232, height: 0.5),
                    Paint(DrawingStyle.menuText.color, alpha: 0.2), radius: 0))
        }
        return nodes
    }
}

/// The finger's translucent touch dot while a pan is down.
enum FingerScene {
    static func node(_ screen: ScreenSnapshot) -> SceneNode? {
        guard let finger = screen.finger else { return nil }
        let center: ScenePoint
        switch finger.target {
        case .message(let id):
            // The finger went down near the edge it drags away from (20 pt in), and moves with the row.
            let row = screen.rows[id.index]
            let down =
                finger.translation < 0 ? Metrics.screenWidth - DrawingStyle.fingerInset : DrawingStyle.fingerInset
            center = ScenePoint(
                screen.contentX + screen.viewX(of: .mailbox) + down + finger.translation,
                row.y + row.height / 2)
        case .edge:
            center = ScenePoint(screen.contentX, Metrics.screenHeight / 2)
        case .content:
            center = ScenePoint(
                screen.contentX + Metrics.screenWidth - screen.settings.menuOpenX, Metrics.screenHeight / 2)
        }
        let clamped = ScenePoint(min(Metrics.screenWidth, max(0, center.x)), center.y)
        return .circle(center: clamped, radius: DrawingStyle.fingerRadius, DrawingStyle.finger)
    }
}
