import MailboxScene
import MailboxScript
import MailboxSim
import Testing

/// `HitTest.hit`: what a touch lands on, at SPEC §1/§2 geometry.
@Suite struct HitTestTests {
    private func screen(_ lines: [String]) throws -> ScreenSnapshot {
        var session = Session()
        for line in lines { _ = try session.execute(.line(line[...])) }
        return session.screen.snapshot()
    }

    @Test func rowsOfTheList() throws {
        let s = try screen([])
        #expect(HitTest.hit(at: ScenePoint(160, 187), on: s) == .row(MessageID(1)))
        #expect(HitTest.hit(at: ScenePoint(300, 150), on: s) == .row(MessageID(1)))
        #expect(HitTest.hit(at: ScenePoint(160, 144 + 86), on: s) == .row(MessageID(2)))
        #expect(HitTest.hit(at: ScenePoint(160, 144 + 5 * 86 + 1), on: s) == nil)
        #expect(HitTest.hit(at: ScenePoint(160, 100), on: s) == nil)  // the search bar
        #expect(HitTest.hit(at: ScenePoint(10, 187), on: s) == .edge)
        #expect(HitTest.hit(at: ScenePoint(19.99, 300), on: s) == .edge)
        #expect(HitTest.hit(at: ScenePoint(20, 300), on: s) == .row(MessageID(2)))
        #expect(HitTest.hit(at: ScenePoint(-1, 300), on: s) == nil)
    }

    @Test func navigationBar() throws {
        let s = try screen([])
        #expect(HitTest.hit(at: ScenePoint(22, 42), on: s) == .button(.menu))
        #expect(HitTest.hit(at: ScenePoint(298, 42), on: s) == .button(.compose))
        #expect(HitTest.hit(at: ScenePoint(100, 42), on: s) == .button(.segment(.later)))
        #expect(HitTest.hit(at: ScenePoint(160, 42), on: s) == .button(.segment(.mailbox)))
        #expect(HitTest.hit(at: ScenePoint(220, 42), on: s) == .button(.segment(.archive)))
    }

    @Test func rescheduleOverlay() throws {
        let s = try screen(["pan msg1 -180 in 0.3", "release", "settle"])
        try #require(s.overlay?.kind == .reschedule)
        #expect(HitTest.hit(at: ScreenLayout.rescheduleOptionCenter(0), on: s) == .option("later-today"))
        #expect(HitTest.hit(at: ScenePoint(160, 200 + 2 * 110), on: s) == .option("someday"))
        #expect(HitTest.hit(at: ScenePoint(260, 310), on: s) == .option("in-a-month"))
        #expect(HitTest.hit(at: ScenePoint(160, 525), on: s) == .button(.cancel))
        #expect(HitTest.hit(at: ScenePoint(30, 500), on: s) == .overlay)
        #expect(HitTest.hit(at: ScenePoint(10, 450), on: s) == .overlay)
    }

    @Test func menuOpen() throws {
        let s = try screen(["tap menu", "settle"])
        #expect(HitTest.hit(at: ScenePoint(100, 300), on: s) == nil)
        #expect(HitTest.hit(at: ScenePoint(280, 300), on: s) == .content)
        #expect(HitTest.hit(at: ScenePoint(302, 42), on: s) == .button(.menu))
    }

    @Test func composeAndAlerts() throws {
        let s = try screen(["compose", "settle"])
        #expect(HitTest.hit(at: ScenePoint(20, 80 + 22), on: s) == .button(.cancel))
        #expect(HitTest.hit(at: ScenePoint(160, 80 + 60), on: s) == .button(.field(.to)))
        #expect(HitTest.hit(at: ScenePoint(160, 80 + 110), on: s) == .button(.field(.subject)))
        #expect(HitTest.hit(at: ScenePoint(160, 400), on: s) == .button(.field(.body)))
        #expect(HitTest.hit(at: ScenePoint(160, 40), on: s) == nil)
        let undo = try screen(["act msg1 archive", "settle", "shake"])
        try #require(undo.alert == .undo)
        let cancel = ScreenLayout.alertButtonFrame(.undo, 0)
        #expect(HitTest.hit(at: ScenePoint(cancel.x + 10, cancel.y + 10), on: undo) == .button(.cancel))
        let redo = ScreenLayout.alertButtonFrame(.undo, 1)
        #expect(HitTest.hit(at: ScenePoint(redo.maxX - 10, redo.y + 10), on: undo) == .button(.undo))
        #expect(HitTest.hit(at: ScenePoint(160, 187), on: undo) == nil)
    }
}
