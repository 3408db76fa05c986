// The exported ES modules' decisions, a JavaScript file of its own (`mailbox-interaction.decisions.mjs`): the one hand
// port of the model's rules (Sources/MailboxSim/Rules) and of the Swift set's functions around them
// (Templates/Decisions.swift), held to the model by the differential run (MailboxHandoffTests). `mailsim export js`
// writes the lines between the TEMPLATE markers (Template.swift) after the imports `JavaScriptExport` writes: the
// tables it reads (zones, palette, the parameters) are generated from the model's, in the parameters module.
// tools/check-templates.sh checks it with node and tsc.
// BEGIN TEMPLATE
// Decisions. Each follows the model's function line by line; mailsim's differential test runs them against
// the model on every `make test`.

/**
 * The zone of a row at offset x: gray before the near threshold, the near action's colour from it, the far
 * action's from the far threshold.
 */
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

/**
 * Where a row is when the pointer that went down on it with the row at `origin` (0 at rest) has moved
 * `translation` px: past ±screenWidth it follows only `elasticity` of the excess.
 */
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

/**
 * What a row at offset x shows: the zone of x while the pointer is down; after a release, pass the release's zone
 * as `latched`.
 */
export function appearance(x, latched = null) {
  const zone = latched ?? zoneAt(x);
  const background = zones[zone].background;
  return Object.freeze({
    zone, background, color: palette[background], icon: zones[zone].icon,
    iconAlpha: iconAlpha(zone, x), iconX: iconX(zone, x),
  });
}

/**
 * The icon's alpha: |x| / the side's near threshold before it, 1 from it; or over iconFade's range in every zone
 * but rest.
 */
export function iconAlpha(zone, x) {
  if (zone !== "rest" && iconFade.kind === "range") {
    return Math.min(1, Math.max(0, (Math.abs(x) - iconFade.start) / (iconFade.end - iconFade.start)));
  }
  if (zone === "rest") return 0;
  if (zones[zone].level !== 0) return 1;
  return Math.min(1, Math.abs(x) / (zones[zone].side < 0 ? thresholdLeftNear : thresholdRightNear));
}

/**
 * The icon's centre x: iconRest in from the screen's edge before the near threshold, then iconFollow behind the
 * row's edge.
 */
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
    const style = outward === 1 ? "light" : "medium";
    taps.push(Object.freeze({ style, threshold: leftSide ? -threshold : threshold }));
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
  const fastEnough = Math.abs(velocity) >= escapeVelocity;
  if (escapeVelocity > 0 && zones[zone].level === 0 && x !== 0 && velocity * x > 0 && fastEnough) {
    zone = x < 0 ? "later" : "archive";
    escaped = true;
  }
  const outcome = zones[zone].outcome;
  if (outcome.kind === "snapBack") {
    const snap = snapAnimate ? motion(x, 0, durationSnap, curveSnap, velocity) : null;
    const nothing = Object.freeze({ kind: "nothing" });
    return Object.freeze({ zone, outcome, escaped, target: 0, motion: snap, afterSlide: nothing });
  }
  let afterSlide;
  if (outcome.kind === "options") {
    const fade = overlayAppear === "fade" ? motion(0, 1, durationFade, curveFade, 0, 0, "alpha") : null;
    afterSlide = Object.freeze({ kind: "options", options: outcome.options, fade });
  } else {
    afterSlide = Object.freeze({
      kind: "hide", folder: outcome.folder, height: motion(rowHeight, 0, durationHide, curveHide, 0, delayHide, "size"),
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
  return Object.freeze({ opens: target === menuOpen, target, motion: motion(x, target, durationMenu, curveMenu) });
}

/** The undo rule for the last message that left by `side`: { asksFirst, height, slide (null: put back at once) }. */
export function undo(side) {
  const slide = undoReturn === "place" ? null : motion(slideEnd(side), 0, durationUndo, curveUndo);
  const height = motion(0, rowHeight, durationUndo, curveUndo, 0, 0, "size");
  return Object.freeze({ asksFirst: undoAlert, height, slide });
}

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
  const distance = Math.abs(to - from);
  const seconds = springSettlingDuration(curve.dampingRatio, curve.response, initialVelocity, distance, property);
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
// END TEMPLATE
