import MailsimTestSupport
import Testing

@testable import MailboxAnimation
@testable import MailboxScript
@testable import MailboxSim
@testable import MailboxText

/// SPEC §2: the zones |x| < 60, 60 ≤ |x| < 260, |x| ≥ 260 decide the background, the icon, its alpha and
/// centre x while dragging, and the outcome on release.
@Suite struct SwipeZoneTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let x: Double
        let background: PaletteColor
        let icon: Icon
        let iconAlpha: Double
        /// nil where SPEC gives no icon position (x = 0, no icon).
        let iconX: Double?
        let outcome: ReleaseOutcome
        var testDescription: String { "x \(x)" }
    }

    /// SPEC §2's tables at every boundary.
    static let table: [Row] = [
        Row(x: 0, background: .gray, icon: .none, iconAlpha: 0, iconX: nil, outcome: .snapBack),
        // Left: gray later fading in (alpha −x/60, pinned at 290), yellow later at 350 + x, brown list.
        Row(x: -0.6, background: .gray, icon: .later, iconAlpha: 0.01, iconX: 290, outcome: .snapBack),
        Row(x: -30, background: .gray, icon: .later, iconAlpha: 0.5, iconX: 290, outcome: .snapBack),
        Row(x: -59.999, background: .gray, icon: .later, iconAlpha: 59.999 / 60, iconX: 290, outcome: .snapBack),
        Row(x: -60, background: .yellow, icon: .later, iconAlpha: 1, iconX: 290, outcome: .options(.reschedule)),
        Row(x: -180, background: .yellow, icon: .later, iconAlpha: 1, iconX: 170, outcome: .options(.reschedule)),
        Row(
            x: -259.999, background: .yellow, icon: .later, iconAlpha: 1, iconX: 90.001,
            outcome: .options(.reschedule)),
        Row(x: -260, background: .brown, icon: .list, iconAlpha: 1, iconX: 90, outcome: .options(.list)),
        Row(x: -320, background: .brown, icon: .list, iconAlpha: 1, iconX: 30, outcome: .options(.list)),
        Row(x: -400, background: .brown, icon: .list, iconAlpha: 1, iconX: -50, outcome: .options(.list)),
        // Right: gray archive fading in (alpha x/60, pinned at 30), green archive at x − 30, red delete.
        Row(x: 0.6, background: .gray, icon: .archive, iconAlpha: 0.01, iconX: 30, outcome: .snapBack),
        Row(x: 45, background: .gray, icon: .archive, iconAlpha: 0.75, iconX: 30, outcome: .snapBack),
        Row(x: 59.999, background: .gray, icon: .archive, iconAlpha: 59.999 / 60, iconX: 30, outcome: .snapBack),
        Row(x: 60, background: .green, icon: .archive, iconAlpha: 1, iconX: 30, outcome: .hide(to: .archive)),
        Row(x: 150, background: .green, icon: .archive, iconAlpha: 1, iconX: 120, outcome: .hide(to: .archive)),
        Row(x: 259.999, background: .green, icon: .archive, iconAlpha: 1, iconX: 229.999, outcome: .hide(to: .archive)),
        Row(x: 260, background: .red, icon: .delete, iconAlpha: 1, iconX: 230, outcome: .hide(to: .trash)),
        Row(x: 320, background: .red, icon: .delete, iconAlpha: 1, iconX: 290, outcome: .hide(to: .trash)),
        Row(x: 400, background: .red, icon: .delete, iconAlpha: 1, iconX: 370, outcome: .hide(to: .trash))
    ]

    @Test(arguments: table)
    func zoneAt(_ row: Row) {
        let zone = SwipeZone.at(row.x)
        #expect(zone.background == row.background)
        #expect(zone.icon == row.icon)
        #expect(abs(zone.iconAlpha(x: row.x) - row.iconAlpha) < 1e-12)
        if let iconX = row.iconX { #expect(abs(zone.iconX(x: row.x) - iconX) < 1e-9) }
        #expect(zone.releaseOutcome == row.outcome)
    }

    /// The same numbers read off a dragged row through the state and the property paths a script reads.
    @Test(arguments: table)
    func draggedRowShowsTheTable(_ row: Row) throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m2)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: row.x))
        #expect(state.x(of: m2) == row.x)
        #expect(try state.read(.message(m2, .background)) == .color(row.background.color))
        #expect(try state.read(.message(m2, .icon)) == .name(row.icon.rawValue))
        let alpha = try #require(try state.read(.message(m2, .iconAlpha)).scalarValue)
        #expect(abs(alpha - row.iconAlpha) < 1e-12)
        if let iconX = row.iconX {
            let x = try #require(try state.read(.message(m2, .iconX)).scalarValue)
            #expect(abs(x - iconX) < 1e-9)
        }
        // The other rows are untouched.
        #expect(try state.read(.message(m1, .icon)) == .name("none"))
        #expect(try state.read(.message(m1, .background)) == .color(PaletteColor.gray.color))
    }

    /// The zone at release decides, whatever the velocity: the same outcome as the colour shown.
    @Test(arguments: table, [-5000.0, 0, 5000])
    func releaseOutcomeIgnoresVelocity(_ row: Row, velocity: Double) throws {
        var state = MailboxState()
        try state.send(.panBegan(.message(m1)))
        try state.advance(to: ms(100))
        try state.send(.panChanged(translation: row.x))
        let mark = state.timeline.total
        try state.send(.released(velocity: velocity))
        let ended = state.logged(since: mark).first
        #expect(
            ended
                == .event(ms(100), "msg1", .gestureEnded(value: row.x, velocity: velocity, outcome: .row(row.outcome))))
        // The colour shown does not change at release.
        #expect(state.background(of: m1) == row.background)
        #expect(state.icon(of: m1) == row.icon)
    }

    @Test func zonesAreClosedAtTheirLowerBound() {
        #expect(SwipeZone.at(0) == .rest)
        #expect(SwipeZone.at(-1e-9) == .laterPeek)
        #expect(SwipeZone.at(-59.999999) == .laterPeek)
        #expect(SwipeZone.at(-60) == .later)
        #expect(SwipeZone.at(-259.999999) == .later)
        #expect(SwipeZone.at(-260) == .list)
        #expect(SwipeZone.at(1e-9) == .archivePeek)
        #expect(SwipeZone.at(59.999999) == .archivePeek)
        #expect(SwipeZone.at(60) == .archive)
        #expect(SwipeZone.at(259.999999) == .archive)
        #expect(SwipeZone.at(260) == .delete)
        #expect(SwipeZone.at(-10_000) == .list)
        #expect(SwipeZone.at(10_000) == .delete)
    }

    @Test func sides() {
        #expect(SwipeZone.at(0).side == 0)
        #expect(SwipeZone.at(-30).side == -1 && SwipeZone.at(-100).side == -1 && SwipeZone.at(-300).side == -1)
        #expect(SwipeZone.at(30).side == 1 && SwipeZone.at(100).side == 1 && SwipeZone.at(300).side == 1)
    }

    @Test func paletteHasTheSpecHexValues() {
        let hex = Dictionary(uniqueKeysWithValues: PaletteColor.allCases.map { ($0.rawValue, $0.color.hex) })
        #expect(
            hex == [
                "gray": "#B2B2B2", "yellow": "#FECA16", "brown": "#CE9662",
                "green": "#55D550", "red": "#E73D0E", "blue": "#44AAD2"
            ])
    }
}

extension Value {
    /// The number, for numeric values.
    var scalarValue: Double? { if case .number(let v) = self { v } else { nil } }
}
