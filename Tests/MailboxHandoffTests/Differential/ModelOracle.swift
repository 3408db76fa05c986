import MailboxAnimation
import MailboxSim

/// One word of an answer: a decision (compared exactly) or a number (compared within `Answer.tolerance`).
enum Token: Equatable, CustomStringConvertible {
    case word(String)
    case number(Double)

    /// A driver's word: a number when it reads as one, else a decision.
    init(_ text: Substring) {
        if let value = Double(text) { self = .number(value) } else { self = .word(String(text)) }
    }

    var description: String {
        switch self {
        case .word(let w): w
        case .number(let v): "\(v)"
        }
    }
}

/// What the model answers to each case: the screen driven through `MailboxState.send` as a script would drive it, and
/// read back (positions, colours, the timeline's animations and events).
struct ModelOracle {
    let tunings: [Settings]
    let message = MessageID(1)

    func answer(_ c: HandoffCase) -> [Token] {
        let settings = tunings[c.tuning]
        switch c.kind {
        case .drag(let translation):
            var screen = MailboxState(settings: settings)
            drag(&screen, translation)
            return [.number(screen.x(of: message))] + look(screen, zone: true)
        case let .release(translation, velocity, elapsed):
            return release(settings, translation, velocity, elapsed)
        case let .menu(translation, velocity, elapsed):
            return menu(settings, translation, velocity, elapsed)
        case let .curve(role, elapsed, duration, initialVelocity):
            var curve = settings.timings.curve(role)
            if case .spring(let spring) = curve {
                curve = .spring(spring.with(initialVelocity: initialVelocity, settle: spring.settle))
            }
            return [.number(curve.progress(elapsed: elapsed, duration: duration))]
        case let .haptics(first, second):
            var screen = MailboxState(settings: settings)
            drag(&screen, first)
            try! screen.send(.panChanged(translation: second))
            var taps: [Token] = []
            for entry in screen.timeline.entries {
                if case .event(.haptic(let strength, let threshold)) = entry.kind {
                    taps += [.word(strength.rawValue), .number(threshold)]
                }
            }
            return [.number(Double(taps.count / 2))] + taps
        case let .undo(side, elapsed):
            return undo(settings, side, elapsed)
        }
    }

    private func drag(_ screen: inout MailboxState, _ translation: Double) {
        try! screen.send(.panBegan(.message(message)))
        try! screen.send(.panChanged(translation: translation))
    }

    /// What the row shows: [zone,] background name, colour, icon, icon alpha, icon x.
    private func look(_ screen: MailboxState, zone: Bool) -> [Token] {
        let shown = screen.displayZone(of: message)
        return (zone ? [.word(shown.rawValue)] : []) + [
            .word(shown.background.rawValue), .word(screen.backgroundColor(of: message).hex.uppercased()),
            .word(shown.icon.rawValue), .number(screen.iconAlpha(of: message)), .number(screen.iconX(of: message))
        ]
    }

    /// The last animation of `key` the timeline logged from `index` on.
    private func animation(_ screen: MailboxState, _ key: PropertyKey, from index: Int)
        -> (to: Double, duration: Ticks, curve: TimingCurve, delay: Ticks)?
    {
        var found: (Double, Ticks, TimingCurve, Ticks)?
        for entry in screen.timeline.entries.dropFirst(index) {
            if case let .animation(property, _, to, duration, curve) = entry.kind, property == key {
                found = (to.scalar!, duration, curve, entry.delay)
            }
        }
        return found
    }

    /// A motion's words: `none`, or its duration, its spring's initial velocity and the value `elapsed` in.
    private func motion(
        _ found: (to: Double, duration: Ticks, curve: TimingCurve, delay: Ticks)?, value: Double
    ) -> [Token] {
        guard let found else { return [.word("none")] }
        var v0 = 0.0
        if case .spring(let s) = found.curve { v0 = s.initialVelocity }
        return [.number(found.duration.seconds), .number(v0), .number(value)]
    }

    private func release(_ settings: Settings, _ translation: Double, _ velocity: Double, _ elapsed: Ticks) -> [Token] {
        var screen = MailboxState(settings: settings)
        drag(&screen, translation)
        let x = screen.x(of: message)
        let mark = screen.timeline.entries.count
        try! screen.send(.released(velocity: velocity))
        let released = screen.now
        var outcome = "?"
        var escaped = false
        for entry in screen.timeline.entries.dropFirst(mark) {
            switch entry.kind {
            case .event(.gestureEnded(_, _, .row(let o))): outcome = ModelOracle.word(o)
            case .event(.escaped): escaped = true
            default: break
            }
        }
        // The latch: the zone that decided, until the row is back at 0 (at once when it snaps back unanimated).
        let latch = screen.rows[0].latch
        let target = screen.rows[0].x
        let key = PropertyKey(.row(message), .x)
        let slide = animation(screen, key, from: mark)
        var later = screen
        try! later.send(.clockAdvanced(to: released + elapsed))
        var tokens: [Token] = [
            .number(x), .word(latch?.rawValue ?? "rest"), .word(outcome), .word(escaped ? "yes" : "no"), .number(target)
        ]
        tokens += motion(slide, value: later.x(of: message))
        tokens += look(screen, zone: false)
        // What follows the slide: the overlay's fade, or the height's collapse (with its delay); at once when the row
        // was already where it slides to.
        var after = screen
        if let slide { try! after.send(.clockAdvanced(to: released + slide.duration)) }
        let afterMark = mark
        switch (latch ?? .rest).releaseOutcome {
        case .snapBack: tokens.append(.word("nothing"))
        case .options(let kind):
            tokens += [.word("options"), .word(kind.rawValue)]
            if let fade = animation(after, PropertyKey(.overlay, .alpha), from: afterMark) {
                tokens.append(.number(fade.duration.seconds))
            } else {
                tokens.append(.word("none"))
            }
        case .hide(let folder):
            let height = animation(after, PropertyKey(.row(message), .height), from: afterMark)!
            // The height where the collapse ends: its delay and duration after the slide ended.
            var end = after
            try! end.send(.clockAdvanced(to: after.now + height.delay + height.duration))
            tokens += [
                .word("hide"), .word(folder.rawValue), .number(height.delay.seconds), .number(height.duration.seconds),
                .number(end.height(of: message))
            ]
        }
        // The overlay at the release's instant, as the screen shows it then.
        if case .overlay? = screen.cover { tokens.append(.word("up")) } else { tokens.append(.word("down")) }
        return tokens
    }

    private func menu(_ settings: Settings, _ translation: Double, _ velocity: Double, _ elapsed: Ticks) -> [Token] {
        var screen = MailboxState(settings: settings)
        try! screen.send(.panBegan(.edge))
        try! screen.send(.panChanged(translation: translation))
        let x = screen.contentPresentationX
        let mark = screen.timeline.entries.count
        try! screen.send(.released(velocity: velocity))
        var opens = false
        for entry in screen.timeline.entries.dropFirst(mark) {
            if case .event(.gestureEnded(_, _, .menu(let opening))) = entry.kind { opens = opening }
        }
        let found = animation(screen, PropertyKey(.content, .x), from: mark)
        let target = found?.to ?? x
        var later = screen
        try! later.send(.clockAdvanced(to: screen.now + elapsed))
        return [.number(x), .word(opens ? "yes" : "no"), .number(target)]
            + motion(found, value: later.contentPresentationX)
    }

    private func undo(_ settings: Settings, _ side: Double, _ elapsed: Ticks) -> [Token] {
        var screen = MailboxState(settings: settings)
        try! screen.send(.acted(message, side < 0 ? .later : .archive))
        try! screen.send(.settled)
        if side < 0 {
            try! screen.send(.tapped(nil))
            try! screen.send(.settled)
        }
        let mark = screen.timeline.entries.count
        try! screen.send(.shaken)
        let asks = screen.alert != nil
        if asks { try! screen.send(.tapped(.undo)) }
        let height = animation(screen, PropertyKey(.row(message), .height), from: mark)
        let slide = animation(screen, PropertyKey(.row(message), .x), from: mark)
        var later = screen
        try! later.send(.clockAdvanced(to: screen.now + elapsed))
        return [.word(asks ? "yes" : "no")] + motion(height, value: later.height(of: message))
            + motion(slide, value: later.x(of: message))
    }

    /// `snapBack`, `options:reschedule`, `hide:archive`.
    static func word(_ outcome: ReleaseOutcome) -> String {
        switch outcome {
        case .snapBack: "snapBack"
        case .options(let kind): "options:\(kind.rawValue)"
        case .hide(let folder): "hide:\(folder.rawValue)"
        }
    }
}
