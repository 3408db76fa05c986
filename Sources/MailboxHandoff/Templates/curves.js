// The exported ES modules' curves, a JavaScript file of its own (`mailbox-interaction.curves.mjs`): what a motion
// moves and when it settles, and the port of MailboxAnimation's CurveMath (the Swift set embeds that code as it
// is), held to the model by the differential run (MailboxHandoffTests). `mailsim export js` writes the lines between
// the TEMPLATE markers, each `__name__` filled by `JavaScriptDecisions.curves` (Template.swift);
// tools/check-templates.sh checks it with node and tsc.
// BEGIN TEMPLATE
// Curves, computed as mailsim computes them.

/**
 * What a motion moves: when a spring on it counts as settled (within `distance`, slower than `speed` a second),
 * and how its value is clamped (a size never below 0, an alpha within 0…1, as a render server clamps them).
 */
export const properties = Object.freeze({
  position: Object.freeze({ distance: __pointsSettleDistance__, speed: __pointsSettleSpeed__, clamp: (v) => v }),
  size: Object.freeze({
    distance: __pointsSettleDistance__, speed: __pointsSettleSpeed__, clamp: (v) => (v < 0 ? 0 : v),
  }),
  alpha: Object.freeze({
    distance: __alphaSettleDistance__, speed: __alphaSettleSpeed__,
    clamp: (v) => (v < 0 || v > 1 ? Math.min(1, Math.max(0, v)) : v),
  }),
});

/**
 * Progress `elapsed` seconds into an animation of `duration` seconds on `curve`; a spring starts with
 * `initialVelocity` distances a second.
 */
export function progress(curve, elapsed, duration, initialVelocity = 0) {
  if (elapsed >= duration) return 1;
  if (elapsed <= 0) return 0;
  if (curve.kind === "bezier") return bezierProgress(elapsed / duration, curve.x1, curve.y1, curve.x2, curve.y2);
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

/** Seconds after which a spring moving `distance` of a property ("position", "size" or "alpha") stays settled. */
export function springSettlingDuration(z, response, v0, distance, property = "position") {
  if (!(distance > 0)) return 0;
  const tolerance = properties[property];
  const seconds = withinSettlingDuration(z, response, v0, tolerance.distance / distance, tolerance.speed / distance);
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
// END TEMPLATE
