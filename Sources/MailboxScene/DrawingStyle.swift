import MailboxAnimation
import MailboxSim

/// The drawing's own numbers and colours (what SPEC leaves to the picture: text, chrome, glyph sizes), in one
/// place. Where a view is comes from the simulation, never from here.
public enum DrawingStyle {
    // Colours of the chrome (iOS 7 system greys).
    static let white = Paint(rgb: 0xFFFFFF)
    static let black = Paint(rgb: 0x000000)
    static let text = Paint(rgb: 0x1C1C1E)
    static let secondaryText = Paint(rgb: 0x8E8E93)
    static let hairline = Paint(rgb: 0xC8C7CC)
    static let separator = Paint(rgb: 0xE5E5EA)
    static let groupedBackground = Paint(rgb: 0xEFEFF4)
    static let searchField = Paint(rgb: 0xE3E3E8)
    static let menuBackground = Paint(rgb: 0x2C2C2E)
    static let menuText = Paint(rgb: 0xF2F2F7)

    // The status bar and navigation bar.
    static let statusBarBaseline = 14.0
    static let segmentedControl = SceneRect(x: 85, y: 29, width: 150, height: 26)
    static let navigationIconY = 42.0

    // A row's face.
    static let faceInset = 15.0
    static let senderBaseline = 26.0
    static let subjectBaseline = 47.0
    static let snippetBaseline = 67.0
    static let unreadDotX = 7.0

    /// The icon glyph behind a row, in points (SPEC's icons are about 24 pt).
    public static let iconSize = 24.0
    static let iconStroke = 2.5

    // The finger's touch dot.
    public static let fingerRadius = 22.0
    static let finger = Paint(rgb: 0x3A3A3C, alpha: 0.35)
    /// How far in from the screen's edge a finger on a row goes down.
    static let fingerInset = 20.0

    // The compose sheet.
    static let sheetCorner = 10.0
    /// The space kept free at the sheet's right edge: a field's text (or its ellipsis) and caret end before it.
    static let composeMargin = 12.0
    /// The caret in the focused field: a bar in the tint, 18 points tall.
    static let caretWidth = 2.0

    // Alerts.
    static let alertWidth = 270.0
    static let alertDim = 0.4

    /// The strip under a walkthrough frame that captions the line being played.
    public static let captionHeight = 44.0
    static let captionBackground = Paint(rgb: 0x1C1C1E)
    static let captionText = Paint(rgb: 0xF2F2F7)
    static let captionDim = Paint(rgb: 0x8E8E93)
}
