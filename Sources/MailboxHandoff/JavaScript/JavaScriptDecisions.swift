import MailboxAnimation
import MailboxSim
import MailboxText

/// The ES module's decisions and curves: the one hand port, in JavaScript, of the model's rules
/// (Sources/MailboxSim/Rules, CurveMath) and of the Swift file's functions around them (`SwiftDecisions`), held to the
/// model by the differential run. The zone table and the palette's names are generated from the model's enums.
enum JavaScriptDecisions {
    static let geometry = """

        // Geometry (SPEC §1), not tunable.

        /** The screen's width in points: where an icon is pinned from, and (with slideOvershoot) where a released row \
        slides to. */
        export const screenWidth = \(formatExact(Metrics.slideDistance));
        /** A message row's height in points: what a hide collapses and an undo opens. */
        export const rowHeight = \(formatExact(Metrics.rowHeight));
        /** The largest spring initial velocity, in distances a second either way (mailsim's bound). */
        export const fastestInitialVelocity = \(formatExact(Spring.fastestInitialVelocity));
        /** The longest a spring lasts, in seconds: one still moving then ends there, at its target. */
        export const longestSettlingDuration = \(formatExact(Spring.longestSettlingDuration));

        """

    /// Every zone: the colour's name, the icon, the level and side, and what a release does (from `SwipeZone`).
    static var zoneTable: String {
        var out = """

            /**
             * The zones a row's offset x falls in, and what each shows and does: background (a palette name), icon, \
            level
             * (thresholds out from rest, signed by side), side (-1 left, +1 right, 0 at rest), outcome of a release.
             */
            export const zones = Object.freeze({

            """
        for zone in SwipeZone.allCases {
            let outcome: String
            switch zone.releaseOutcome {
            case .snapBack: outcome = "{ kind: \"snapBack\" }"
            case .options(let kind): outcome = "{ kind: \"options\", options: \"\(kind.rawValue)\" }"
            case .hide(let folder): outcome = "{ kind: \"hide\", folder: \"\(folder.rawValue)\" }"
            }
            out +=
                "  \(zone.rawValue): Object.freeze({ background: \"\(zone.background.rawValue)\", "
                + "icon: \"\(zone.icon.rawValue)\", "
                + "level: \(zone.level), side: \(formatExact(zone.side)), outcome: Object.freeze(\(outcome)) }),\n"
        }
        return out + "});\n"
    }

    /// The palette's names and the colour each has in the parameters.
    static var palette: String {
        var out = "\n/** The colour of each palette name, as set now. */\nexport const palette = Object.freeze({\n"
        for color in PaletteColor.allCases {
            out += "  \(color.rawValue): \(Interaction.identifier("color.\(color.rawValue)")),\n"
        }
        return out + "});\n"
    }

    static let functions = #"""

        // Decisions. Each follows the model's function line by line; mailsim's differential test runs them against
        // the model on every `make test`.

        /** The zone of a row at offset x: gray before the near threshold, the near action's colour from it, the far \#
        action's from the far threshold. */
        export function zoneAt(x) {
          const distance = Math.abs(x);
          if (x === 0) return "rest";
          if (x < 0) {
            return isShort(distance, thresholdLeftNear, thresholdLeftBound)
              ? "laterPeek" : isShort(distance, thresholdLeftFar, thresholdLeftBound) ? "later" : "list";
          }
          return isShort(distance, thresholdRightNear, thresholdRightBound)
            ? "archivePeek" : isShort(distance, thresholdRightFar, thresholdRightBound) ? "archive" : "delete";
        }

        function isShort(distance, threshold, bound) {
          return bound === "strict" ? distance <= threshold : distance < threshold;
        }

        /** Where a row is when the pointer that went down on it with the row at `origin` (0 at rest) has moved \#
        `translation` px: past ±screenWidth it follows only `elasticity` of the excess. */
        export function rowX(origin, translation) {
          if (elasticity === 1) return origin + translation;
          return stretched(unstretched(origin) + translation);
        }

        function stretched(raw) {
          const excess = Math.abs(raw) - screenWidth;
          if (!(excess > 0)) return raw;
          return (raw < 0 ? -1 : 1) * (screenWidth + elasticity * excess);
        }

        function unstretched(x) {
          const excess = Math.abs(x) - screenWidth;
          if (!(excess > 0) || !(elasticity > 0)) return x;
          return (x < 0 ? -1 : 1) * (screenWidth + excess / elasticity);
        }

        /** What a row at offset x shows: the zone of x while the pointer is down; after a release, pass the \#
        release's zone as `latched`. */
        export function appearance(x, latched = null) {
          const zone = latched ?? zoneAt(x);
          const background = zones[zone].background;
          return Object.freeze({
            zone, background, color: palette[background], icon: zones[zone].icon,
            iconAlpha: iconAlpha(zone, x), iconX: iconX(zone, x),
          });
        }

        /** The icon's alpha: |x| / the side's near threshold before it, 1 from it; or over iconFade's range in every \#
        zone but rest. */
        export function iconAlpha(zone, x) {
          if (zone !== "rest" && iconFade.kind === "range") {
            return Math.min(1, Math.max(0, (Math.abs(x) - iconFade.start) / (iconFade.end - iconFade.start)));
          }
          if (zone === "rest") return 0;
          if (zones[zone].level !== 0) return 1;
          return Math.min(1, Math.abs(x) / (zones[zone].side < 0 ? thresholdLeftNear : thresholdRightNear));
        }

        /** The icon's centre x: iconRest in from the screen's edge before the near threshold, then iconFollow behind \#
        the row's edge. */
        export function iconX(zone, x) {
          switch (zone) {
            case "rest": case "laterPeek": return screenWidth - iconRest;
            case "archivePeek": return iconRest;
            case "later": case "list": return screenWidth + iconFollow + x;
            default: return x - iconFollow;
          }
        }

        /** The haptic taps a row dragged from `from` to `to` gives, in order: none unless `haptics` is on. */
        export function hapticTaps(from, to) {
          if (!haptics) return [];
          const taps = [];
          const end = zones[zoneAt(to)].level;
          let level = zones[zoneAt(from)].level;
          const step = end > level ? 1 : -1;
          while (level !== end) {
            const next = level + step;
            const outward = Math.max(Math.abs(level), Math.abs(next));
            const leftSide = level + next < 0;
            const threshold = leftSide
              ? (outward === 1 ? thresholdLeftNear : thresholdLeftFar)
              : (outward === 1 ? thresholdRightNear : thresholdRightFar);
            taps.push(Object.freeze({ style: outward === 1 ? "light" : "medium", threshold: leftSide ? -threshold : \#
        threshold }));
            level = next;
          }
          return taps;
        }

        /** Where a row that leaves ends, on the side of side's sign: ±(screenWidth + slideOvershoot). */
        export function slideEnd(side) {
          return side * (screenWidth + slideOvershoot);
        }

        /**
         * What lifting the pointer from a row at offset x, moving at `velocity` px a second (positive to the right),
         * does: { zone, outcome, escaped, target, motion (null: already there, or placed at once), afterSlide }.
         */
        export function release(x, velocity) {
          let zone = zoneAt(x);
          let escaped = false;
          if (escapeVelocity > 0 && zones[zone].level === 0 && x !== 0 && velocity * x > 0 && Math.abs(velocity) >= \#
        escapeVelocity) {
            zone = x < 0 ? "later" : "archive";
            escaped = true;
          }
          const outcome = zones[zone].outcome;
          if (outcome.kind === "snapBack") {
            const snap = snapAnimate ? motion(x, 0, durationSnap, curveSnap, velocity) : null;
            return Object.freeze({ zone, outcome, escaped, target: 0, motion: snap, afterSlide: Object.freeze({ kind: \#
        "nothing" }) });
          }
          let afterSlide;
          if (outcome.kind === "options") {
            const fade = overlayAppear === "fade" ? motion(0, 1, durationFade, curveFade, 0, 0, "alpha") : null;
            afterSlide = Object.freeze({ kind: "options", options: outcome.options, fade });
          } else {
            afterSlide = Object.freeze({
              kind: "hide", folder: outcome.folder, height: motion(rowHeight, 0, durationHide, curveHide, 0, \#
        delayHide, "size"),
            });
          }
          const target = slideEnd(zones[zone].side);
          return Object.freeze({
            zone, outcome, escaped, target, motion: motion(x, target, durationSlide, curveSlide, velocity), afterSlide,
          });
        }

        /** Where the menu's content is when an edge pan that began with it at `origin` has moved `translation`. */
        export function menuX(origin, translation) {
          return Math.min(screenWidth, Math.max(0, origin + translation));
        }

        /** What lifting the pointer from the menu's content at x does: { opens, target, motion }. */
        export function releaseMenu(x, velocity, translation, fromClosed) {
          let target;
          if (menuRelease.kind === "position") {
            target = x >= menuRelease.value ? menuOpen : 0;
          } else if (menuRelease.kind === "distance") {
            target = (fromClosed ? translation > menuRelease.value : translation > -menuRelease.value) ? menuOpen : 0;
          } else if (velocity > 0) {
            target = menuOpen;
          } else if (velocity < 0) {
            target = 0;
          } else if (menuStill === "close") {
            target = 0;
          } else {
            target = x > menuOpen / 2 ? menuOpen : 0;
          }
          return Object.freeze({ opens: target === menuOpen, target, motion: motion(x, target, durationMenu, \#
        curveMenu) });
        }

        /** The undo rule for the last message that left by `side`: { asksFirst, height, slide (null: put back at \#
        once) }. */
        export function undo(side) {
          const slide = undoReturn === "place" ? null : motion(slideEnd(side), 0, durationUndo, curveUndo);
          return Object.freeze({ asksFirst: undoAlert, height: motion(0, rowHeight, durationUndo, curveUndo, 0, 0, \#
        "size"), slide });
        }

        /**
         * What a motion moves: when a spring on it counts as settled (within `distance`, slower than `speed` a second),
         * and how its value is clamped (a size never below 0, an alpha within 0…1, as a render server clamps them).
         */
        export const properties = Object.freeze({
          position: Object.freeze({ distance: 0.5, speed: 1, clamp: (v) => v }),
          size: Object.freeze({ distance: 0.5, speed: 1, clamp: (v) => (v < 0 ? 0 : v) }),
          alpha: Object.freeze({ distance: 0.002, speed: 0.004, clamp: (v) => (v < 0 || v > 1 ? Math.min(1, \#
        Math.max(0, v)) : v) }),
        });

        /**
         * An animation from `from` to `to` as mailsim runs it, or null when it is there already: { from, to, delay,
         * duration, curve, initialVelocity, property }. A spring starts with `velocity` (units a second) as a fraction
         * of the distance and lasts until it settles (see `properties`).
         */
        export function motion(from, to, duration, curve, velocity = 0, delay = 0, property = "position") {
          if (from === to) return null;
          if (curve.kind === "bezier") {
            return Object.freeze({ from, to, delay, duration, curve, initialVelocity: 0, property });
          }
          let initialVelocity = velocity / (to - from);
          if (Number.isNaN(initialVelocity)) initialVelocity = 0;
          initialVelocity = Math.min(fastestInitialVelocity, Math.max(-fastestInitialVelocity, initialVelocity));
          const seconds = springSettlingDuration(curve.dampingRatio, curve.response, initialVelocity, Math.abs(to - \#
        from), property);
          return Object.freeze({
            from, to, delay, duration: Math.round(seconds * 1e9) / 1e9, curve, initialVelocity, property,
          });
        }

        /**
         * Progress from 0 to 1 (a spring may pass 1) `elapsed` seconds after the motion was asked for: exactly 1 from
         * `delay + duration` on (subtracting the delay first could fall a hair short of the end).
         */
        export function motionProgress(m, elapsed) {
          if (elapsed >= m.delay + m.duration) return 1;
          return progress(m.curve, elapsed - m.delay, m.duration, m.initialVelocity);
        }

        /** The property's value on screen `elapsed` seconds after the motion was asked for. */
        export function motionValue(m, elapsed) {
          return properties[m.property].clamp(m.from + (m.to - m.from) * motionProgress(m, elapsed));
        }

        /**
         * Plays a motion in a browser: calls apply(value) every frame from now until it ends, then with m.to; returns a
         * function that stops it.
         */
        export function animate(m, apply, clock = () => performance.now() / 1000) {
          const start = clock();
          let frame = 0;
          const step = () => {
            const elapsed = clock() - start;
            if (elapsed >= m.delay + m.duration) return apply(m.to);
            apply(motionValue(m, elapsed));
            frame = requestAnimationFrame(step);
          };
          frame = requestAnimationFrame(step);
          return () => cancelAnimationFrame(frame);
        }

        """#

    static let curves = #"""

        // Curves, computed as mailsim computes them.

        /** Progress `elapsed` seconds into an animation of `duration` seconds on `curve`; a spring starts with \#
        `initialVelocity` distances a second. */
        export function progress(curve, elapsed, duration, initialVelocity = 0) {
          if (elapsed >= duration) return 1;
          if (elapsed <= 0) return 0;
          if (curve.kind === "bezier") return bezierProgress(elapsed / duration, curve.x1, curve.y1, curve.x2, \#
        curve.y2);
          return 1 - springDisplacement(elapsed, curve.dampingRatio, curve.response, initialVelocity);
        }

        /** A Bézier's y at time fraction x: its parameter found by Newton's method to 1e-9, else bisection. */
        export function bezierProgress(x, x1, y1, x2, y2) {
          if (x <= 0) return 0;
          if (x >= 1) return 1;
          const cx = 3 * x1;
          const bx = 3 * (x2 - x1) - cx;
          const ax = 1 - cx - bx;
          const cy = 3 * y1;
          const by = 3 * (y2 - y1) - cy;
          const ay = 1 - cy - by;
          const sampleX = (t) => ((ax * t + bx) * t + cx) * t;
          const slopeX = (t) => (3 * ax * t + 2 * bx) * t + cx;
          const parameter = () => {
            const epsilon = 1e-9;
            let t = x;
            for (let i = 0; i < 8; i++) {
              const error = sampleX(t) - x;
              if (Math.abs(error) < epsilon) return t;
              const slope = slopeX(t);
              if (Math.abs(slope) < 1e-12) break;
              t -= error / slope;
            }
            let low = 0;
            let high = 1;
            t = x;
            if (t < low) return low;
            if (t > high) return high;
            while (low < high) {
              const value = sampleX(t);
              if (Math.abs(value - x) < epsilon) return t;
              if (x > value) low = t; else high = t;
              const next = (high - low) / 2 + low;
              if (next === t) break;
              t = next;
            }
            return t;
          };
          const t = parameter();
          return ((ay * t + by) * t + cy) * t;
        }

        /** A spring's remaining displacement (1 at the start, 0 at rest) t seconds in. */
        export function springDisplacement(t, z, response, v0) {
          const w = 2 * Math.PI / response;
          if (z < 1) {
            const wd = w * Math.sqrt(1 - z * z);
            const b = (z * w - v0) / wd;
            return Math.exp(-z * w * t) * (Math.cos(wd * t) + b * Math.sin(wd * t));
          } else if (z === 1) {
            return Math.exp(-w * t) * (1 + (w - v0) * t);
          }
          const root = Math.sqrt(z * z - 1);
          const r1 = -w * (z - root);
          const r2 = -w * (z + root);
          const c2 = (-v0 - r1) / (r2 - r1);
          const c1 = 1 - c2;
          return c1 * Math.exp(r1 * t) + c2 * Math.exp(r2 * t);
        }

        /** Seconds after which a spring moving `distance` of a property ("position", "size" or "alpha") stays \#
        settled. */
        export function springSettlingDuration(z, response, v0, distance, property = "position") {
          if (!(distance > 0)) return 0;
          const tolerance = properties[property];
          const seconds = withinSettlingDuration(z, response, v0, tolerance.distance / distance, tolerance.speed / \#
        distance);
          if (!(seconds >= 0)) return Number.isNaN(seconds) ? longestSettlingDuration : 0;
          return Math.min(seconds, longestSettlingDuration);
        }

        function withinSettlingDuration(z, response, v0, position, velocity) {
          const w = 2 * Math.PI / response;
          if (z < 1) {
            const wd = w * Math.sqrt(1 - z * z);
            const b = (z * w - v0) / wd;
            const amplitude = Math.sqrt(1 + b * b);
            const t = Math.max(Math.log(amplitude / position), Math.log(amplitude * w / velocity)) / (z * w);
            return Math.max(0, t);
          } else if (z === 1) {
            const c = w - v0;
            const p = crossing(1, Math.abs(c), w, position);
            const s = crossing(Math.abs(v0), w * Math.abs(c), w, velocity);
            return Math.max(p, s);
          }
          const root = Math.sqrt(z * z - 1);
          const r1 = -w * (z - root);
          const r2 = -w * (z + root);
          const c2 = (-v0 - r1) / (r2 - r1);
          const c1 = 1 - c2;
          const k = Math.abs(c1) + Math.abs(c2);
          const kv = Math.abs(c1 * r1) + Math.abs(c2 * r2);
          const t = Math.max(Math.log(k / position), Math.log(kv / velocity)) / -r1;
          return Math.max(0, t);
        }

        function crossing(a, b, rate, limit) {
          const envelope = (t) => Math.exp(-rate * t) * (a + b * t);
          const peak = b > 0 ? Math.max(0, 1 / rate - a / b) : 0;
          if (envelope(peak) <= limit) return 0;
          let low = peak;
          let high = Math.max(peak, 1 / rate) * 2 + 1 / rate;
          while (envelope(high) > limit && high < 1e9) high *= 2;
          for (let i = 0; i < 200; i++) {
            const mid = (low + high) / 2;
            if (mid === low || mid === high) break;
            if (envelope(mid) > limit) low = mid; else high = mid;
          }
          return high;
        }

        """#
}
