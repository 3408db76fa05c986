import MailboxAnimation
import MailboxSim
import MailboxText

/// Every tunable parameter, in the order `params` and `help set` list them: the one table `set`, `params`,
/// `param.NAME`, completion and the README's list read.
public enum TunableTable {
    public static let all: [Tunable] =
        general + thresholds + icon + timings + delays + overlay
        + [menuOpen, menuRelease, menuStill] + colors + rules + undo

    /// The parameter called `name`, if any.
    public static func named(_ name: some StringProtocol) -> Tunable? { all.first { $0.name == name } }

    /// Where the parameter called `name` sits in `all`.
    static func index(of name: some StringProtocol) -> Int? { all.firstIndex { $0.name == name } }

    public static var names: [String] { all.map({ $0.name }) }

    /// How a parameter's value shows now: as `set` writes it, or, for a both-sides threshold whose sides
    /// differ, each side's (`left 80, right 60`).
    public static func shown(_ tunable: Tunable, in settings: Settings) -> String {
        if let value = tunable.read(settings) { return value.scriptText }
        if tunable.name == "icon.inset" {
            return ["rest", "follow"].map { "\($0) \(named("icon.\($0)")?.read(settings)?.scriptText ?? "?")" }.joined(
                separator: ", ")
        }
        let which = tunable.name.split(separator: ".").last ?? ""
        return ["left", "right"].map { side in
            "\(side) \(named("threshold.\(side).\(which)")?.read(settings)?.scriptText ?? "?")"
        }.joined(separator: ", ")
    }

    /// The parameters a profile sets (`set profile NAME`), in table order, without the shorthands that set
    /// several (`threshold.near`, `icon.inset`): those some profile sets to other than SPEC's value.
    public static var profileGroup: [Tunable] { ProfileGroup.members.filter { !$0.isShorthand } }

    /// `set NAME VALUE...` as a change, or why NAME is no parameter.
    public static func change(name: Substring, words: [Substring]) throws(ScriptError) -> SettingChange {
        guard let index = index(of: name) else {
            throw .unknownParameter(String(name), suggestion: nearest(String(name), in: names))
        }
        return SettingChange(index: index, value: try all[index].parse(words))
    }

    // MARK: The table

    private static let general: [Tunable] = [
        Tunable(
            "fps", .whole(Limits.framesPerSecond), "the frame rate at which pans are sampled",
            read: { .whole($0.framesPerSecond) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .whole(let n) = v { s.framesPerSecond = n }
                return s
            }),
        Tunable(
            "profile", .profile,
            "sets the profile group to a library's or an app's numbers (help set profile cites each)",
            read: { .profile($0.profile) },
            write: { s, v throws(ScriptError) in
                if case .profile(let p) = v { return p.applied(to: s) }
                return s
            })
    ]

    private static let thresholds: [Tunable] = [
        threshold(
            "threshold.near", sides: [.left, .right], near, "the near threshold of both sides (the first action)"),
        threshold(
            "threshold.far", sides: [.left, .right], far, "the far threshold of both sides (the second action)"),
        threshold(
            "threshold.left.near", sides: [.left], near,
            "dragging left: later from here (the icon fades in up to it)"),
        threshold("threshold.left.far", sides: [.left], far, "dragging left: list from here"),
        threshold(
            "threshold.right.near", sides: [.right], near,
            "dragging right: archive from here (the icon fades in up to it)"),
        threshold("threshold.right.far", sides: [.right], far, "dragging right: delete from here"),
        choice(
            "threshold.left.bound", Field({ $0.thresholds.left.bound }, { $0.thresholds.left.bound = $1 }),
            "dragging left: at exactly a threshold, closed (its zone starts there) or strict (only beyond it)"),
        choice(
            "threshold.right.bound", Field({ $0.thresholds.right.bound }, { $0.thresholds.right.bound = $1 }),
            "dragging right: at exactly a threshold, closed (its zone starts there) or strict (only beyond it)")
    ]

    private static let icon: [Tunable] = [
        Tunable(
            "icon.inset", .number(0...(Metrics.screenWidth / 2), unit: "pt"),
            """
            sets icon.rest and icon.follow: how far in from the edge an icon is pinned, and how far behind the \
            row's edge it follows
            """,
            read: { $0.iconRest == $0.iconFollow ? .number($0.iconRest) : nil },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .number(let n) = v {
                    s.iconRest = n
                    s.iconFollow = n
                }
                return s
            }, isShorthand: true),
        number(
            "icon.rest", 0...(Metrics.screenWidth / 2), "pt", Field({ $0.iconRest }, { $0.iconRest = $1 }),
            "before the near threshold, the icon's centre is this far in from the screen's edge"),
        number(
            "icon.follow", 0...(Metrics.screenWidth / 2), "pt", Field({ $0.iconFollow }, { $0.iconFollow = $1 }),
            "from the near threshold, the icon's centre is this far behind the row's edge"),
        Tunable(
            "icon.fade", .fade,
            """
            the icon's alpha: near (|x| / near threshold, 1 from it) or S E (0 up to |x| S, linear to 1 at E, in \
            every zone)
            """,
            read: { .fade($0.iconFade) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .fade(let f) = v { s.iconFade = f }
                return s
            }),
        number(
            "slide.overshoot", 0...Metrics.screenWidth, "pt", Field({ $0.slideOvershoot }, { $0.slideOvershoot = $1 }),
            "a released row slides out to ±(320 + N), and a row that left stays there"),
        flag(
            "snap.animate", Field({ $0.snapAnimated }, { $0.snapAnimated = $1 }),
            "off: a row released before the near threshold is back at 0 at once")
    ]

    private static let timings: [Tunable] = AnimationRole.allCases.flatMap { role in
        [
            Tunable(
                "duration.\(role.rawValue)", .duration(max: ScriptLimits.maxPanSeconds), "seconds of \(role.role)",
                read: { .duration($0.timings.duration(role)) },
                write: { s, v throws(ScriptError) in
                    var s = s
                    if case .duration(let t) = v { s.timings.setDuration(role, t) }
                    return s
                }),
            Tunable(
                "curve.\(role.rawValue)", .curve,
                "the curve of \(role.role)"
                    + (role.followsRelease ? "; a spring starts with the release velocity" : ""),
                read: { .curve($0.timings.curve(role)) },
                write: { s, v throws(ScriptError) in
                    var s = s
                    if case .curve(let c) = v { s.timings.setCurve(role, c) }
                    return s
                })
        ]
    }

    private static let delays: [Tunable] = [
        delay(
            "delay.hide", Field({ $0.hideDelay }, { $0.hideDelay = $1 }),
            "seconds the hide waits after the slide out or the overlay's dismissal"),
        delay(
            "delay.segment", Field({ $0.segmentDelay }, { $0.segmentDelay = $1 }),
            "seconds a selected segment's views wait before sliding")
    ]

    private static let overlay: [Tunable] = [
        choice(
            "overlay.appear", Field({ $0.overlayAppear }, { $0.overlayAppear = $1 }),
            "the options overlay appears with a fade (duration.fade) or instant"),
        choice(
            "overlay.dismiss", Field({ $0.overlayDismiss }, { $0.overlayDismiss = $1 }),
            "the options overlay goes with a fade (duration.fade) or instant")
    ]

    private static let menuOpen = Tunable(
        "menu.open", .number(1...Metrics.screenWidth, unit: "pt"), "content.x of the open menu",
        read: { .number($0.menuOpenX) },
        write: { s, v throws(ScriptError) in
            var s = s
            if case .number(let n) = v { s.menuOpenX = n }
            return s
        },
        refusal: { $0.menuPhase == .closed ? nil : .menuNotClosed })

    private static let menuRelease = Tunable(
        "menu.release", .menuRelease,
        "what a released menu does: velocity (SPEC: the finger's way), "
            + "position N (open from content.x N on, else closed) "
            + "or distance N (open when moved more than N from closed, closed when moved N back from open)",
        read: { .menuRelease($0.menuRelease) },
        write: { s, v throws(ScriptError) in
            var s = s
            if case .menuRelease(let r) = v { s.menuRelease = r }
            return s
        })

    private static let menuStill = choice(
        "menu.still", Field({ $0.menuStill }, { $0.menuStill = $1 }),
        "with menu.release velocity, a release at velocity 0 goes to the nearer end or closes")

    private static let colors: [Tunable] = PaletteColor.allCases.map { name in
        Tunable(
            "color.\(name.rawValue)", .color, "the colour shown as \(name.rawValue): \(name.role)",
            read: { .color($0.palette[name]) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .color(let c) = v { s.palette[name] = c }
                return s
            })
    }

    private static let rules: [Tunable] = [
        number(
            "escape.velocity", 0...ScriptLimits.maxVelocity, "pt/s",
            Field({ $0.escapeVelocity }, { $0.escapeVelocity = $1 }),
            "a release this fast the way x points commits to the near action before the near threshold (0: off)"),
        number(
            "elasticity", 0...1, "", Field({ $0.elasticity }, { $0.elasticity = $1 }),
            "beyond |x| 320 a row follows this fraction of the finger's excess (1: all of it)"),
        flag(
            "haptics", Field({ $0.haptics }, { $0.haptics = $1 }),
            "a haptic event at every threshold crossing: light at near, medium at far (haptic.count)"),
        flag(
            "compose.draft-alert", Field({ $0.composeDraftAlert }, { $0.composeDraftAlert = $1 }),
            "tap cancel on a compose sheet with text typed asks about the draft first")
    ]

    private static let undo: [Tunable] = [
        flag(
            "undo.alert", Field({ $0.undoAlert }, { $0.undoAlert = $1 }),
            "a shake asks \"Undo last action?\" first; off: it undoes at once"),
        choice(
            "undo.return", Field({ $0.undoReturn }, { $0.undoReturn = $1 }),
            "an undone row slides back in from its side, or is put back (place) at x 0 at once"),
        Tunable(
            "undo.depth", .whole(0...1000), "how many actions the undo stack keeps, dropping the oldest (0: all)",
            read: { .whole($0.undoDepth) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .whole(let n) = v { s.undoDepth = n }
                return s
            })
    ]

    // MARK: Builders

    private static let near = Field<SideThresholds, Double>({ $0.near }, { $0.near = $1 })
    private static let far = Field<SideThresholds, Double>({ $0.far }, { $0.far = $1 })

    private static func number(
        _ name: String, _ range: ClosedRange<Double>, _ unit: String,
        _ path: Field<Settings, Double>, _ summary: String
    ) -> Tunable {
        Tunable(
            name, .number(range, unit: unit), summary,
            read: { .number(path.get($0)) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .number(let n) = v { path.set(&s, n) }
                return s
            })
    }

    /// One of a few words, each a case of `T` (`closed|strict`).
    private static func choice<T: RawRepresentable<String> & CaseIterable & Sendable>(
        _ name: String, _ path: Field<Settings, T>, _ summary: String
    ) -> Tunable {
        Tunable(
            name, .choice(T.allCases.map({ $0.rawValue })), summary,
            read: { .choice(path.get($0).rawValue) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .choice(let word) = v, let value = T(rawValue: word) { path.set(&s, value) }
                return s
            })
    }

    /// Seconds from 0 to 10 before something starts.
    private static func delay(_ name: String, _ path: Field<Settings, Ticks>, _ summary: String)
        -> Tunable
    {
        Tunable(
            name, .delay(max: 10), summary,
            read: { .duration(path.get($0)) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .duration(let t) = v { path.set(&s, t) }
                return s
            })
    }

    private static func flag(_ name: String, _ path: Field<Settings, Bool>, _ summary: String)
        -> Tunable
    {
        Tunable(
            name, .flag, summary,
            read: { .flag(path.get($0)) },
            write: { s, v throws(ScriptError) in
                var s = s
                if case .flag(let on) = v { path.set(&s, on) }
                return s
            })
    }

    /// A threshold of one side or both: it reads one value (nil when the sides differ) and refuses a value
    /// that leaves a side without 0 < near < far ≤ 320.
    private static func threshold(
        _ name: String, sides: [Side],
        _ which: Field<SideThresholds, Double>, _ summary: String
    ) -> Tunable {
        Tunable(
            name, .number(0...Metrics.slideDistance, unit: "pt"), summary,
            read: { s in
                let values = sides.map { which.get(s.thresholds[$0]) }
                return values.allSatisfy { $0 == values[0] } ? .number(values[0]) : nil
            },
            write: { s, v throws(ScriptError) in
                guard case .number(let n) = v else { return s }
                var s = s
                for side in sides {
                    which.set(&s.thresholds[side], n)
                    if let problem = s.thresholds[side].problem {
                        throw .setting(name, .thresholds(side: side, problem))
                    }
                }
                return s
            }, isShorthand: sides.count > 1)
    }
}

/// A change that `set` makes: a parameter of the table and its new value.
public struct SettingChange: Equatable, Sendable {
    /// The parameter's place in `TunableTable.all`.
    let index: Int
    public let value: TunableValue

    public var tunable: Tunable { TunableTable.all[index] }

    /// `settings` with this change made, or why it cannot be.
    public func applied(to settings: Settings) throws(ScriptError) -> Settings {
        try tunable.write(settings, value)
    }

    /// Why the screen now cannot take this change, if it cannot.
    /// (A change that moves where the open menu rests, `menu.open` or a profile, waits for the menu to be closed.)
    func refusal(on screen: MailboxState) -> SettingProblem? {
        if let refusal = tunable.refusal?(screen) { return refusal }
        guard screen.menuPhase != .closed, let after = try? applied(to: screen.settings),
            after.menuOpenX != screen.settings.menuOpenX
        else { return nil }
        return .menuNotClosed
    }

}
