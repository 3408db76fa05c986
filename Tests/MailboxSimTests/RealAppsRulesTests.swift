import MailboxAnimation
import Testing

@testable import MailboxSim

/// The rules the seed apps' profiles need, against their numbers: the strict compare, the icon's
/// fade range and positions, and the menu released by distance.
@Suite struct RealAppsRulesTests {
    @Test func strictThresholdsStartTheirZonesJustBeyond() {
        var t = Thresholds.spec
        t.right.bound = .strict
        #expect(SwipeZone.at(60, t) == .archivePeek)
        #expect(SwipeZone.at(60.000001, t) == .archive)
        #expect(SwipeZone.at(260, t) == .archive)
        #expect(SwipeZone.at(260.000001, t) == .delete)
        // The other side stays closed.
        #expect(SwipeZone.at(-60, t) == .later)
        #expect(SwipeZone.at(-260, t) == .list)
    }

    @Test func aFadeRangeRunsFromStartToEnd() {
        let fade = IconFade.range(start: 30, end: 65)
        #expect(fade.alpha(at: 0) == 0)
        #expect(fade.alpha(at: 30) == 0)
        #expect(fade.alpha(at: 47.5) == 0.5)
        #expect(fade.alpha(at: 65) == 1)
        #expect(fade.alpha(at: 200) == 1)
        #expect(IconFade.near.alpha(at: 30) == nil)
    }

    @Test func iconRestAndFollowAreSeparate() {
        #expect(SwipeZone.archivePeek.iconX(x: 20, rest: 40, follow: 20) == 40)
        #expect(SwipeZone.laterPeek.iconX(x: -20, rest: 40, follow: 20) == 280)
        #expect(SwipeZone.archive.iconX(x: 100, rest: 40, follow: 20) == 80)
        #expect(SwipeZone.later.iconX(x: -100, rest: 40, follow: 20) == 240)
    }

    @Test func theMenuByDistance() {
        var s = MailboxState()
        var settings = Settings()
        settings.menuRelease = .distance(90)
        settings.menuOpenX = 285
        s.settings = settings
        #expect(s.menuTarget(x: 80, velocity: 1000, translation: 80, fromClosed: true) == 0)
        #expect(s.menuTarget(x: 90, velocity: 1000, translation: 90, fromClosed: true) == 0)
        #expect(s.menuTarget(x: 91, velocity: -1000, translation: 91, fromClosed: true) == 285)
        #expect(s.menuTarget(x: 196, velocity: -1000, translation: -89, fromClosed: false) == 285)
        #expect(s.menuTarget(x: 195, velocity: 1000, translation: -90, fromClosed: false) == 0)
        settings.menuRelease = .velocity
        settings.menuStill = .close
        s.settings = settings
        #expect(s.menuTarget(x: 250, velocity: 0) == 0)
        #expect(s.menuTarget(x: 10, velocity: 1) == 285)
    }
}
