// The exported Swift set's decisions, a Swift file of its own (`MailboxInteraction+Decisions.swift`): what the row
// shows at a translation, what a release does, the menu's and undo's rules. `mailsim export swift` writes the lines
// between the two TEMPLATE markers, each `__name__` filled by `SwiftDecisions` (a line `// __name__` takes a block of
// lines: Template.swift). The rules themselves are the model's (Templates/Rules.swift embeds them); these functions
// call them with the parameters and build the answers around them. tools/check-templates.sh parses this file as it is
// and type-checks it filled (`make check`); the differential test runs it against the model (MailboxHandoffTests).
// BEGIN TEMPLATE
// MARK: - Decisions

extension __typeName__ {
    /// The zone of a row at offset `x` (`ZoneRule`): gray before the near threshold, the near action's colour
    /// from it, the far action's from the far threshold.
    public static func zone(at x: Double) -> Zone {
        ZoneRule.zone(
            at: x, leftNear: thresholdLeftNear, leftFar: thresholdLeftFar, leftStrict: thresholdLeftBound == .strict,
            rightNear: thresholdRightNear, rightFar: thresholdRightFar,
            rightStrict: thresholdRightBound == .strict)
    }

    /// Where a row is when the finger that went down on it with the row at `origin` (0 at rest) has moved
    /// `translation` points (`UIPanGestureRecognizer.translation(in:).x`): past ±screenWidth it follows only
    /// `elasticity` of the finger's excess (`ElasticRule`).
    public static func rowX(origin: Double, translation: Double) -> Double {
        ElasticRule.x(origin: origin, translation: translation, elasticity: elasticity, edge: screenWidth)
    }

    /// What a row at offset `x` shows: the zone of `x` while the finger is down; after a release, pass the
    /// release's `zone` as `latched` (the row keeps its colour and icon until it is back or gone).
    public static func appearance(at x: Double, latched: Zone? = nil) -> RowAppearance {
        let zone = latched ?? Self.zone(at: x)
        return RowAppearance(
            zone: zone, background: zone.background, color: zone.background.color, icon: zone.icon,
            iconAlpha: iconAlpha(zone, x: x), iconX: iconX(zone, x: x))
    }

    /// The icon's alpha (`IconRule`): |x| / the side's near threshold before it, 1 from it (`IconFade.near`); or 0
    /// up to |x| = start, linear to 1 at end (`IconFade.range`, in every zone but rest).
    public static func iconAlpha(_ zone: Zone, x: Double) -> Double {
        IconRule.alpha(zone, x: x, fade: iconFade, leftNear: thresholdLeftNear, rightNear: thresholdRightNear)
    }

    /// The icon's centre x (`IconRule`): `iconRest` in from the screen's edge before the near threshold, then
    /// `iconFollow` behind the row's edge.
    public static func iconX(_ zone: Zone, x: Double) -> Double {
        IconRule.x(zone, x: x, screenWidth: screenWidth, rest: iconRest, follow: iconFollow)
    }

    /// The haptic taps a row dragged from `from` to `to` gives, in the order the finger crosses the
    /// thresholds (`HapticRule`): none unless `haptics` is on.
    public static func hapticTaps(from: Double, to: Double) -> [Haptic] {
        guard haptics else { return [] }
        var taps: [Haptic] = []
        HapticRule.taps(
            from: zone(at: from).level, to: zone(at: to).level, leftNear: thresholdLeftNear,
            leftFar: thresholdLeftFar, rightNear: thresholdRightNear, rightFar: thresholdRightFar
        ) { far, threshold in
            taps.append(Haptic(style: far ? .medium : .light, threshold: threshold))
        }
        return taps
    }

    /// Where a row that leaves ends, on the side of `side`'s sign: ±(screenWidth + slideOvershoot).
    public static func slideEnd(_ side: Double) -> Double {
        ReleaseRule.slideEnd(side, screenWidth: screenWidth, overshoot: slideOvershoot)
    }

    /// What lifting the finger from a row at offset `x`, moving at `velocity` points a second (positive to the
    /// right), does (`ReleaseRule`): the zone decides; with `escapeVelocity` above 0, a release before the near
    /// threshold at least that fast the way x points commits to the near action.
    public static func release(at x: Double, velocity: Double) -> Release {
        let (zone, escaped) = ReleaseRule.decision(
            at: x, in: Self.zone(at: x), velocity: velocity, escapeVelocity: escapeVelocity)
        let outcome = zone.outcome
        let target = ReleaseRule.target(
            snapsBack: outcome == .snapBack, side: zone.side, screenWidth: screenWidth, overshoot: slideOvershoot)
        switch outcome {
        case .snapBack:
            let snap =
                snapAnimate
                ? motion(from: x, to: target, duration: durationSnap, curve: curveSnap, velocity: velocity) : nil
            return Release(
                zone: zone, outcome: outcome, escaped: escaped, target: target, motion: snap, afterSlide: .nothing)
        case .options(let kind):
            let fade =
                overlayAppear == .fade
                ? motion(from: 0, to: 1, duration: durationFade, curve: curveFade, property: .alpha) : nil
            return slide(
                zone, outcome, escaped, from: x, to: target, velocity: velocity,
                afterSlide: .options(kind, fade: fade))
        case .hide(let folder):
            let height = motion(
                from: rowHeight, to: 0, duration: durationHide, curve: curveHide, delay: delayHide, property: .size)!
            return slide(
                zone, outcome, escaped, from: x, to: target, velocity: velocity,
                afterSlide: .hide(folder, height: height))
        }
    }

    /// A release that slides the row out from `x` to `target`.
    static func slide(
        _ zone: Zone, _ outcome: Outcome, _ escaped: Bool, from x: Double, to target: Double, velocity: Double,
        afterSlide: AfterSlide
    ) -> Release {
        Release(
            zone: zone, outcome: outcome, escaped: escaped, target: target,
            motion: motion(from: x, to: target, duration: durationSlide, curve: curveSlide, velocity: velocity),
            afterSlide: afterSlide)
    }

    /// Where the menu's content is (`content.x`) when an edge pan that began with it at `origin` has moved
    /// `translation`: the finger's x, from closed (0) to the screen's width.
    public static func menuX(origin: Double, translation: Double) -> Double {
        MenuRule.contentX(origin: origin, translation: translation, screenWidth: screenWidth)
    }

    /// What lifting the finger from the menu's content at `content.x` = `x` does (`MenuRule`):
    /// `MenuRelease.velocity` goes the finger's way (at velocity 0 the nearer end, or closed with `menuStill`
    /// `.close`); `.position(n)` opens from x n on; `.distance(n)` opens from closed when the finger moved more
    /// than n right (`fromClosed`), and from open stays open unless it moved n or more left.
    public static func releaseMenu(at x: Double, velocity: Double, translation: Double, fromClosed: Bool)
        -> MenuDecision
    {
        let target = MenuRule.target(
            x: x, velocity: velocity, translation: translation, fromClosed: fromClosed, open: menuOpen,
            release: menuRelease, still: menuStill)
        return MenuDecision(
            opens: target == menuOpen, target: target,
            motion: motion(from: x, to: target, duration: durationMenu, curve: curveMenu))
    }

    /// The undo rule (`UndoRule`): a shake asks first (`undoAlert`) or undoes at once; the last message that left
    /// comes back to its place, its height opening from 0 while it slides in from `slideEnd(side)` (or is put at
    /// x 0 at once: `undoReturn` `.place`). The stack keeps `undoDepth` actions, dropping the oldest (0: all).
    public static func undo(side: Double) -> Undo {
        let slide =
            UndoRule.slidesBack(undoReturn)
            ? motion(from: slideEnd(side), to: 0, duration: durationUndo, curve: curveUndo) : nil
        return Undo(
            asksFirst: undoAlert,
            height: motion(from: 0, to: rowHeight, duration: durationUndo, curve: curveUndo, property: .size)!,
            slide: slide)
    }

    /// An animation of a property from `from` to `to` (the model's animate): none when it is there already; a
    /// spring starts with `velocity` (units a second) as a fraction of the distance (`CurveMath.initialVelocity`),
    /// and lasts until it settles (`springSettlingDuration`), rounded to the nanosecond as mailsim's clock counts.
    public static func motion(
        from: Double, to: Double, duration: Double, curve: Curve, velocity: Double = 0, delay: Double = 0,
        property: Property = .position
    ) -> Motion? {
        if from == to { return nil }
        switch curve {
        case .bezier:
            return Motion(
                from: from, to: to, delay: delay, duration: duration, curve: curve, initialVelocity: 0,
                property: property)
        case let .spring(dampingRatio, response):
            let initialVelocity = CurveMath.initialVelocity(velocity / (to - from), fastest: fastestInitialVelocity)
            let seconds = springSettlingDuration(
                dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity,
                distance: abs(to - from), property: property)
            return Motion(
                from: from, to: to, delay: delay, duration: (seconds * 1e9).rounded() / 1e9, curve: curve,
                initialVelocity: initialVelocity, property: property)
        }
    }
}
// END TEMPLATE
