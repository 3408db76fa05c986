import MailboxSim

/// The mailbox view: the help label and search bar, then each row in its slot.
enum MailboxViewScene {
    static func nodes(_ screen: ScreenSnapshot, originX x: Double) -> [SceneNode] {
        let width = Metrics.screenWidth
        let top = Metrics.contentTop
        var nodes: [SceneNode] = [
            .rect(
                SceneRect(x: x, y: top, width: width, height: Metrics.screenHeight - top),
                DrawingStyle.groupedBackground, radius: 0),
            .text(
                SceneText(
                    DrawingWords.helpLabel, at: ScenePoint(x + width / 2, top + 26), size: 11, anchor: .middle,
                    paint: DrawingStyle.secondaryText)),
            .rect(SceneRect(x: x + 8, y: top + 40, width: width - 16, height: 28), DrawingStyle.searchField, radius: 6),
            .stroke(
                Glyph.magnifier.path(center: ScenePoint(x + 24, top + 54), size: 14), DrawingStyle.secondaryText,
                width: 1.5),
            .text(SceneText("Search", at: ScenePoint(x + 36, top + 59), size: 13, paint: DrawingStyle.secondaryText))
        ]
        for row in screen.rows where row.height > 0 && row.y < Metrics.screenHeight {
            nodes.append(RowScene.node(row, originX: x))
        }
        return nodes
    }
}

/// One message row: its slot filled with the revealed background, the icon glyph at `icon.x` and
/// `icon.alpha`, and the white face at the row's x (a group of its own), all clipped to the slot's height now. The
/// row's children are drawn from its slot's corner and the face's from its own: a row moving up is its children
/// at another origin, and a dragged row's face is the same children at another x.
enum RowScene {
    static func node(_ row: RowSnapshot, originX: Double) -> SceneNode {
        let width = Metrics.screenWidth
        var children: [SceneNode] = [
            .rect(SceneRect(x: 0, y: 0, width: width, height: row.height), Paint(row.backgroundColor), radius: 0)
        ]
        if let glyph = Glyph(row.icon), row.iconAlpha > 0 {
            let center = ScenePoint(row.iconX, row.height / 2)
            let stroke = SceneNode.stroke(
                glyph.path(center: center, size: DrawingStyle.iconSize), DrawingStyle.white,
                width: DrawingStyle.iconStroke)
            // In a group even at full alpha: the row keeps its shape as the icon fades in, so a drag's screens differ
            // in attributes only (`ScreenPatch` sends changed lines; a group that came and went was a whole row).
            children.append(.group(SceneGroup(opacity: row.iconAlpha, children: [stroke])))
        }
        // The face in a group clipped to itself (it draws nothing outside), drawn from its corner; there even when
        // it has slid out of the slot (the slot's clip hides it): the row keeps its shape as it goes, so its frames
        // differ in attributes only and the page parses nothing (a face that left made the row a new one).
        let face = SceneRect(x: row.x, y: 0, width: width, height: Metrics.rowHeight)
        let nodes = FaceScene.nodes(ofMessage: row.id.number)
        children.append(
            .group(
                SceneGroup(
                    clip: face, origin: ScenePoint(face.x, face.y), name: "\(row.id.name)-face", children: nodes)))
        let slot = SceneRect(x: originX, y: row.y, width: width, height: row.height)
        return .group(
            SceneGroup(
                clip: slot, opacity: row.alpha, origin: ScenePoint(slot.x, slot.y), name: row.id.name,
                children: children))
    }
}

/// A message's white face, 320 × 86, with its demo content, drawn from its corner.
enum FaceScene {
    /// `msgN`'s face in the inbox (unread unless N is a multiple of 3). The first `keptFaces` are made once and
    /// shared by every frame: a face never changes, and a drag's frame would otherwise build, compare and free
    /// every visible row's face again (a fifth of a frame's work in the page) to draw one row moved.
    static func nodes(ofMessage number: Int) -> [SceneNode] {
        if number >= 1 && number <= keptFaces.count { return keptFaces[number - 1] }
        return face(ofMessage: number)
    }

    /// The faces of `msg1` to `msg64`, made the first time one is drawn.
    static let keptFaces: [[SceneNode]] = (1...64).map { face(ofMessage: $0) }

    private static func face(ofMessage number: Int) -> [SceneNode] {
        nodes(DemoMessage.content(of: number), unread: number % 3 != 0)
    }

    static func nodes(_ message: DemoMessage, unread: Bool) -> [SceneNode] {
        let x = 0.0
        let y = 0.0
        let inset = DrawingStyle.faceInset
        let width = Metrics.screenWidth
        var nodes: [SceneNode] = [
            .rect(SceneRect(x: x, y: y, width: width, height: Metrics.rowHeight), DrawingStyle.white, radius: 0),
            .text(
                SceneText(
                    message.sender, at: ScenePoint(x + inset, y + DrawingStyle.senderBaseline), size: 15,
                    font: .sansBold, paint: DrawingStyle.text)),
            .text(
                SceneText(
                    message.time, at: ScenePoint(x + width - inset, y + DrawingStyle.senderBaseline), size: 12,
                    anchor: .end, paint: DrawingStyle.secondaryText)),
            .text(
                SceneText(
                    message.subject, at: ScenePoint(x + inset, y + DrawingStyle.subjectBaseline), size: 13,
                    paint: DrawingStyle.text)),
            .text(
                SceneText(
                    message.snippet, at: ScenePoint(x + inset, y + DrawingStyle.snippetBaseline), size: 12,
                    paint: DrawingStyle.secondaryText)),
            .rect(
                SceneRect(x: x + inset, y: y + Metrics.rowHeight - 0.5, width: width - inset, height: 0.5),
                DrawingStyle.separator, radius: 0)
        ]
        if unread {
            nodes.append(
                .circle(
                    center: ScenePoint(x + DrawingStyle.unreadDotX, y + DrawingStyle.senderBaseline - 5),
                    radius: 3.5, Paint(PaletteColor.blue.color)))
        }
        return nodes
    }
}

/// The later and archive views: a title and the messages in that folder, in inbox order.
enum FolderViewScene {
    static func nodes(_ screen: ScreenSnapshot, segment: Segment, originX x: Double) -> [SceneNode] {
        let width = Metrics.screenWidth
        let top = Metrics.contentTop
        let messages = screen.messages(in: segment.folder)
        let title = segment == .later ? "Later" : "Archive"
        let count = messages.count == 1 ? "1 message" : "\(messages.count) messages"
        var nodes: [SceneNode] = [
            .rect(
                SceneRect(x: x, y: top, width: width, height: Metrics.screenHeight - top),
                DrawingStyle.groupedBackground, radius: 0),
            .text(
                SceneText(
                    title, at: ScenePoint(x + DrawingStyle.faceInset, top + 36), size: 22, font: .sansBold,
                    paint: Paint(screen.palette[segment.tint]))),
            .text(
                SceneText(
                    count, at: ScenePoint(x + width - DrawingStyle.faceInset, top + 36), size: 12, anchor: .end,
                    paint: DrawingStyle.secondaryText))
        ]
        var y = Metrics.firstRowY
        for id in messages {
            guard y < Metrics.screenHeight else { break }
            var message = DemoMessage.content(of: id.number)
            let row = screen.rows[id.index]
            if let option = row.snooze { message.time = DrawingWords.title(ofOption: option) }
            nodes.append(
                .group(SceneGroup(origin: ScenePoint(x, y), children: FaceScene.nodes(message, unread: false))))
            y += Metrics.rowHeight
        }
        if messages.isEmpty {
            nodes.append(
                .text(
                    SceneText(
                        "No messages", at: ScenePoint(x + width / 2, Metrics.firstRowY + 60), size: 15,
                        anchor: .middle, paint: DrawingStyle.secondaryText)))
        }
        return nodes
    }
}
