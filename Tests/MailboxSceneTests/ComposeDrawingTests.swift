import Testing

@testable import MailboxReports
@testable import MailboxScene
@testable import MailboxScript
@testable import MailboxSim

/// The compose sheet draws what was typed into To, Subject and the body, a caret after the
/// focused field's text, and a To too long for the sheet cut to end in an ellipsis inside its right margin.
@Suite struct ComposeDrawingTests {
    static func screen(_ lines: [String]) throws -> ScreenSnapshot {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session.screen.snapshot()
    }

    static let typed = ["compose", "advance 0.3", "type a@b.c", "tap subject", "type Lunch?", "tap body", "type hi"]

    /// Every node of a scene, groups opened, its texts and rectangles where they are on the screen (a group's
    /// children are drawn from its origin).
    static func flattened(_ nodes: [SceneNode], from origin: ScenePoint = .zero) -> [SceneNode] {
        nodes.flatMap { node -> [SceneNode] in
            switch node {
            case .group(let group):
                return flattened(group.children, from: ScenePoint(origin.x + group.origin.x, origin.y + group.origin.y))
            case .text(var text):
                text.at = ScenePoint(text.at.x + origin.x, text.at.y + origin.y)
                return [.text(text)]
            case .rect(var rect, let paint, let radius):
                (rect.x, rect.y) = (rect.x + origin.x, rect.y + origin.y)
                return [.rect(rect, paint, radius: radius)]
            default:
                return [node]
            }
        }
    }

    static func texts(_ scene: Scene) -> [SceneText] {
        flattened(scene.nodes).compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// The caret: the one rectangle of the caret's width and height in the tint.
    static func carets(_ scene: Scene) -> [SceneRect] {
        flattened(scene.nodes).compactMap {
            if case .rect(let rect, let paint, _) = $0, rect.width == DrawingStyle.caretWidth, rect.height == 18,
                paint.color == PaletteColor.blue.color
            {
                rect
            } else {
                nil
            }
        }
    }

    @Test func theSnapshotCarriesTheFieldsAndTheFocus() throws {
        let compose = try Self.screen(Self.typed).compose
        #expect(compose.to == "a@b.c" && compose.subject == "Lunch?" && compose.body == "hi")
        #expect(compose.focus == .body)
        #expect(compose.text(.subject) == "Lunch?")
    }

    @Test func theSceneHoldsEachFieldsTextOnItsLine() throws {
        let screen = try Self.screen(Self.typed)
        let texts = Self.texts(Scene(screen: screen))
        let y = screen.compose.y
        for (string, field) in [("a@b.c", ComposeSheet.Field.to), ("Lunch?", .subject), ("hi", .body)] {
            let layout = ComposeScene.layout(field)
            #expect(
                texts.contains { $0.string == string && $0.at.y == y + layout.baseline && $0.at.x == layout.textX },
                "\(field)")
        }
        #expect(texts.contains { $0.string == "Subject:" })
    }

    @Test func theCaretFollowsTheFocusedFieldsText() throws {
        let screen = try Self.screen(Self.typed)
        let carets = Self.carets(Scene(screen: screen))
        #expect(carets.count == 1)
        let body = ComposeScene.layout(.body)
        let after = body.textX + TextMetrics.width("hi", size: ComposeScene.textSize)
        #expect(carets.first.map { $0.x > after && $0.x < after + 3 } == true)
        #expect(
            carets.first.map { $0.y < screen.compose.y + body.baseline && $0.maxY > screen.compose.y + body.baseline }
                == true)
        // Focus on the subject: the caret moves there, one only.
        let subject = try Self.screen(["compose", "advance 0.3", "type a@b.c", "tap subject"])
        let moved = Self.carets(Scene(screen: subject))
        #expect(moved.count == 1)
        #expect(moved.first?.x == ComposeScene.layout(.subject).textX + 1)
        // No sheet, no caret.
        #expect(Self.carets(Scene(screen: try Self.screen([]))).isEmpty)
    }

    @Test func aLongToEndsInAnEllipsisInsideTheSheet() throws {
        let address = String(repeating: "averylongname", count: 4) + "@example.com"
        let screen = try Self.screen(["compose", "advance 0.3", "type \(address)"])
        let scene = Scene(screen: screen)
        let to = Self.texts(scene).first {
            $0.at.x == ComposeScene.layout(.to).textX && $0.at.y == screen.compose.y + 72
        }
        let shown = try #require(to?.string)
        #expect(shown.hasSuffix("…"))
        #expect(address.hasPrefix(String(shown.dropLast())))
        let right = ComposeScene.layout(.to).textX + TextMetrics.width(shown, size: ComposeScene.textSize)
        #expect(right <= Metrics.screenWidth - DrawingStyle.composeMargin)
        let caret = try #require(Self.carets(scene).first)
        #expect(caret.maxX <= Metrics.screenWidth - DrawingStyle.composeMargin)
        // A short address is drawn whole.
        #expect(TextMetrics.fitted("a@b.c", room: 200, size: 15) == "a@b.c")
    }

    @Test func theTextRenderShowsTheFieldsAndTheCaret() throws {
        let lines = ScreenRender.coverLines(try Self.screen(Self.typed))
        #expect(lines.contains { $0.contains("To: a@b.c ") })
        #expect(lines.contains { $0.contains("Subject: Lunch? ") })
        #expect(lines.contains { $0.contains(" hi▏") })
    }

    @Test func widthsAreDejaVuSansAdvances() {
        // DejaVu Sans: "i" 569 and "W" 2025 units of 2048; 15 pt each.
        #expect(TextMetrics.width("i", size: 2048) == 569)
        #expect(TextMetrics.width("iW", size: 15) == Double(569 + 2025) * 15 / 2048)
        #expect(TextMetrics.width("W", size: 2048, font: .sansBold) == 2259)
    }
}
