import MailboxAnimation
import MailboxSim

/// What a walkthrough frame says under the screen: the script line being played and the instant.
public struct Caption: Equatable, Sendable {
    /// The line's number in its script; nil before the first line has run.
    public var line: Int?
    public var text: String
    public var time: Ticks
    public init(line: Int?, text: String, time: Ticks) {
        self.line = line
        self.text = text
        self.time = time
    }
}

extension Scene {
    /// A walkthrough frame: the screen, and under it (never over it) a strip captioning the line being played.
    public init(screen: ScreenSnapshot, caption: Caption) {
        self.init(screen: screen)
        let top = height
        let strip = DrawingStyle.captionHeight
        height += strip
        let baseline = top + strip / 2 + 4.5
        let lineLabel = caption.line.map { "L" + String($0) } ?? ""
        nodes.append(
            .rect(SceneRect(x: 0, y: top, width: width, height: strip), DrawingStyle.captionBackground, radius: 0))
        nodes.append(
            .text(
                SceneText(
                    lineLabel, at: ScenePoint(10, baseline), size: 12, font: .mono, paint: DrawingStyle.captionDim)))
        nodes.append(
            .group(
                SceneGroup(
                    clip: SceneRect(x: 0, y: top, width: width - 72, height: strip),
                    children: [
                        .text(
                            SceneText(
                                caption.text, at: ScenePoint(50, baseline), size: 13, font: .mono,
                                paint: DrawingStyle.captionText))
                    ])))
        nodes.append(
            .text(
                SceneText(
                    caption.time.fixedSeconds + " s", at: ScenePoint(width - 10, baseline), size: 12,
                    font: .mono, anchor: .end, paint: DrawingStyle.captionDim)))
    }
}
