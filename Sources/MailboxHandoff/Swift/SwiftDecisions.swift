/// The exported Swift file's decisions: what the row shows at a translation, what a release does, the menu's and
/// undo's rules. Each follows the model function named in its comment line by line (MailboxSim's reducer, zones and
/// settings); the differential test (MailboxHandoffTests) runs them against the model on every `make test`.
enum SwiftDecisions {
    /// The decisions, in an extension of the parameters enum `typeName`.
    static func functions(typeName: String) -> String {
        """
        // MARK: - Decisions

        extension \(typeName) {
            /// The zone of a row at offset `x` (SwipeZone.at): gray before the near threshold, the near action's colour
            /// from it, the far action's from the far threshold.
            public static func zone(at x: Double) -> Zone {
                let distance = abs(x)
                if x == 0 { return .rest }
                if x < 0 {
                    return isShort(distance, of: thresholdLeftNear, thresholdLeftBound)
                        ? .laterPeek : isShort(distance, of: thresholdLeftFar, thresholdLeftBound) ? .later : .list
                }
                return isShort(distance, of: thresholdRightNear, thresholdRightBound)
                    ? .archivePeek : isShort(distance, of: thresholdRightFar, thresholdRightBound) ? .archive : .delete
            }

            /// Whether |x| = `distance` is short of `threshold`: below it, or (strict) at it too.
            static func isShort(_ distance: Double, of threshold: Double, _ bound: Bound) -> Bool {
                bound == .strict ? distance <= threshold : distance < threshold
            }

            /// Where a row is when the finger that went down on it with the row at `origin` (0 at rest) has moved
            /// `translation` points (`UIPanGestureRecognizer.translation(in:).x`): past ±screenWidth it follows only
            /// `elasticity` of the finger's excess.
            public static func rowX(origin: Double, translation: Double) -> Double {
                if elasticity == 1 { return origin + translation }
                return stretched(unstretched(origin) + translation)
            }

            /// Where a finger at `raw` puts the row.
            static func stretched(_ raw: Double) -> Double {
                let excess = abs(raw) - screenWidth
                guard excess > 0 else { return raw }
                return (raw < 0 ? -1 : 1) * (screenWidth + elasticity * excess)
            }

            /// Where the finger is for a row at `x`.
            static func unstretched(_ x: Double) -> Double {
                let excess = abs(x) - screenWidth
                guard excess > 0, elasticity > 0 else { return x }
                return (x < 0 ? -1 : 1) * (screenWidth + excess / elasticity)
            }

            /// What a row at offset `x` shows: the zone of `x` while the finger is down; after a release, pass the
            /// release's `zone` as `latched` (the row keeps its colour and icon until it is back or gone).
            public static func appearance(at x: Double, latched: Zone? = nil) -> RowAppearance {
                let zone = latched ?? Self.zone(at: x)
                return RowAppearance(
                    zone: zone, background: zone.background, color: zone.background.color, icon: zone.icon,
                    iconAlpha: iconAlpha(zone, x: x), iconX: iconX(zone, x: x))
            }

            /// The icon's alpha: |x| / the side's near threshold before it, 1 from it (`IconFade.near`); or 0 up to
            /// |x| = start, linear to 1 at end (`IconFade.range`, in every zone but rest).
            public static func iconAlpha(_ zone: Zone, x: Double) -> Double {
                if zone != .rest, case let .range(start, end) = iconFade {
                    return min(1, max(0, (abs(x) - start) / (end - start)))
                }
                if zone == .rest { return 0 }
                if zone.level != 0 { return 1 }
                return min(1, abs(x) / (zone.side < 0 ? thresholdLeftNear : thresholdRightNear))
            }

            /// The icon's centre x: `iconRest` in from the screen's edge before the near threshold, then `iconFollow`
            /// behind the row's edge.
            public static func iconX(_ zone: Zone, x: Double) -> Double {
                switch zone {
                case .rest, .laterPeek: screenWidth - iconRest
                case .archivePeek: iconRest
                case .later, .list: screenWidth + iconFollow + x
                case .archive, .delete: x - iconFollow
                }
            }

            /// The haptic taps a row dragged from `from` to `to` gives, in the order the finger crosses the
            /// thresholds: none unless `haptics` is on.
            public static func hapticTaps(from: Double, to: Double) -> [Haptic] {
                guard haptics else { return [] }
                var taps: [Haptic] = []
                let end = zone(at: to).level
                var level = zone(at: from).level
                let step = end > level ? 1 : -1
                while level != end {
                    let next = level + step
                    let outward = max(abs(level), abs(next))
                    let leftSide = level + next < 0
                    let threshold = leftSide
                        ? (outward == 1 ? thresholdLeftNear : thresholdLeftFar)
                        : (outward == 1 ? thresholdRightNear : thresholdRightFar)
                    taps.append(Haptic(style: outward == 1 ? .light : .medium, threshold: leftSide ? -threshold : threshold))
                    level = next
                }
                return taps
            }

            /// Where a row that leaves ends, on the side of `side`'s sign: ±(screenWidth + slideOvershoot).
            public static func slideEnd(_ side: Double) -> Double { side * (screenWidth + slideOvershoot) }

            /// What lifting the finger from a row at offset `x`, moving at `velocity` points a second (positive to the
            /// right), does (the reducer's releaseRow): the zone decides; with `escapeVelocity` above 0, a release before
            /// the near threshold at least that fast the way x points commits to the near action.
            public static func release(at x: Double, velocity: Double) -> Release {
                var zone = Self.zone(at: x)
                var escaped = false
                if escapeVelocity > 0, zone.level == 0, x != 0, velocity * x > 0, abs(velocity) >= escapeVelocity {
                    zone = x < 0 ? .later : .archive
                    escaped = true
                }
                let outcome = zone.outcome
                switch outcome {
                case .snapBack:
                    let snap = snapAnimate
                        ? motion(from: x, to: 0, duration: durationSnap, curve: curveSnap, velocity: velocity) : nil
                    return Release(zone: zone, outcome: outcome, escaped: escaped, target: 0, motion: snap, afterSlide: .nothing)
                case .options(let kind):
                    let fade = overlayAppear == .fade
                        ? motion(from: 0, to: 1, duration: durationFade, curve: curveFade, property: .alpha) : nil
                    return slide(zone, outcome, escaped, from: x, velocity: velocity, afterSlide: .options(kind, fade: fade))
                case .hide(let folder):
                    let height = motion(
                        from: rowHeight, to: 0, duration: durationHide, curve: curveHide, delay: delayHide, property: .size)!
                    return slide(zone, outcome, escaped, from: x, velocity: velocity, afterSlide: .hide(folder, height: height))
                }
            }

            /// A release that slides the row out to `slideEnd` of the zone's side.
            static func slide(_ zone: Zone, _ outcome: Outcome, _ escaped: Bool, from x: Double, velocity: Double,
                afterSlide: AfterSlide) -> Release {
                let target = slideEnd(zone.side)
                return Release(
                    zone: zone, outcome: outcome, escaped: escaped, target: target,
                    motion: motion(from: x, to: target, duration: durationSlide, curve: curveSlide, velocity: velocity),
                    afterSlide: afterSlide)
            }

            /// Where the menu's content is (`content.x`) when an edge pan that began with it at `origin` has moved
            /// `translation`: the finger's x, from closed (0) to the screen's width.
            public static func menuX(origin: Double, translation: Double) -> Double {
                min(screenWidth, max(0, origin + translation))
            }

            /// What lifting the finger from the menu's content at `content.x` = `x` does (the model's menuTarget):
            /// `MenuRelease.velocity` goes the finger's way (at velocity 0 the nearer end, or closed with `menuStill`
            /// `.close`); `.position(n)` opens from x n on; `.distance(n)` opens from closed when the finger moved more
            /// than n right (`fromClosed`), and from open stays open unless it moved n or more left.
            public static func releaseMenu(at x: Double, velocity: Double, translation: Double, fromClosed: Bool)
                -> MenuDecision
            {
                let target: Double
                switch menuRelease {
                case .position(let threshold):
                    target = x >= threshold ? menuOpen : 0
                case .distance(let n):
                    target = (fromClosed ? translation > n : translation > -n) ? menuOpen : 0
                case .velocity:
                    if velocity > 0 {
                        target = menuOpen
                    } else if velocity < 0 {
                        target = 0
                    } else if menuStill == .close {
                        target = 0
                    } else {
                        target = x > menuOpen / 2 ? menuOpen : 0
                    }
                }
                return MenuDecision(
                    opens: target == menuOpen, target: target,
                    motion: motion(from: x, to: target, duration: durationMenu, curve: curveMenu))
            }

            /// The undo rule: a shake asks first (`undoAlert`) or undoes at once; the last message that left comes back
            /// to its place, its height opening from 0 while it slides in from `slideEnd(side)` (or is put at x 0 at
            /// once: `undoReturn` `.place`). The stack keeps `undoDepth` actions, dropping the oldest (0: all).
            public static func undo(side: Double) -> Undo {
                let slide = undoReturn == .place
                    ? nil : motion(from: slideEnd(side), to: 0, duration: durationUndo, curve: curveUndo)
                return Undo(
                    asksFirst: undoAlert,
                    height: motion(from: 0, to: rowHeight, duration: durationUndo, curve: curveUndo, property: .size)!,
                    slide: slide)
            }

            /// An animation of a property from `from` to `to` (the model's animate): none when it is there already; a
            /// spring starts with `velocity` (units a second) as a fraction of the distance, and lasts until it settles.
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
                    var initialVelocity = velocity / (to - from)
                    if initialVelocity.isNaN { initialVelocity = 0 }
                    initialVelocity = min(fastestInitialVelocity, max(-fastestInitialVelocity, initialVelocity))
                    let seconds = springSettlingDuration(
                        dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity,
                        distance: abs(to - from), property: property)
                    return Motion(
                        from: from, to: to, delay: delay, duration: (seconds * 1e9).rounded() / 1e9, curve: curve,
                        initialVelocity: initialVelocity, property: property)
                }
            }
        }


        """
    }
}
